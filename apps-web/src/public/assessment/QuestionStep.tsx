import { Button, Icon, Intent, ProgressBar, RadioCard, RadioGroup, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { PublicQuestion } from '@msp/shared/browser';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useT } from '../../lib/i18n/i18n-context.js';
import { ContinueLaterButton } from './ContinueLaterButton.js';
import { progressValueText, type AssessmentProgress } from './progress.js';

interface QuestionStepProps {
  question: PublicQuestion;
  /** 1-based number of the current question. */
  number: number;
  questionCount: number;
  progress: AssessmentProgress;
  selectedAnswerId: number | undefined;
  onSelect: (answerId: number) => void;
  onPrevious: () => void;
  onNext: () => void;
  /**
   * Counts the presses of Next without an answer on this question; undefined until the first.
   * Each press shows and announces the message again and puts focus on the answers.
   */
  missingAttempt: number | undefined;
  submitting: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  /** Shown above the buttons: the reminder and team boxes, on the last question. */
  beforeActions?: ReactNode;
  /** Opens "Continue later". */
  onContinueLater: () => void;
}

export function QuestionStep({
  question,
  number,
  questionCount,
  progress,
  selectedAnswerId,
  onSelect,
  onPrevious,
  onNext,
  missingAttempt,
  submitting,
  headingRef,
  beforeActions,
  onContinueLater,
}: QuestionStepProps) {
  const t = useT();
  const isLast = number === questionCount;
  const headingId = `question-${question.id}-text`;
  const errorId = `question-${question.id}-error`;
  const nextLabel = isLast
    ? t(submitting ? 'assessment.question.submitting' : 'assessment.question.submit')
    : t('assessment.next');
  const missing = missingAttempt !== undefined && selectedAnswerId === undefined;

  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (missingAttempt === undefined) return;
    formRef.current?.querySelector<HTMLInputElement>('input[type=radio]')?.focus({ preventScroll: true });
    // The message sits above the answers: bring it into view with the first of them, below the
    // sticky header (the page's scroll-padding).
    errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [missingAttempt]);

  return (
    <form
      ref={formRef}
      className="assessment-card"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) onNext();
      }}
    >
      <p className="assessment-card__eyebrow">{t('assessment.question.eyebrow')}</p>
      <div className="question-progress">
        <div className="question-progress__labels">
          <span>{t('assessment.question.position', { number, total: questionCount })}</span>
          <span>{t('assessment.question.complete', { percent: progress.percent / 100 })}</span>
        </div>
        {/* The bar counts answered questions (Blueprint sets the 0-100 range and the rounded value). */}
        <ProgressBar
          value={progress.percent / 100}
          intent={Intent.PRIMARY}
          animate={false}
          stripes={false}
          aria-label={t('assessment.question.progressLabel')}
          aria-valuetext={progressValueText(t, progress)}
        />
      </div>

      <Tag minimal round className="question-pillar" icon={IconNames.LAYERS}>
        {question.pillar.name}
      </Tag>
      <h1 id={headingId} className="assessment-card__title question-text" ref={headingRef} tabIndex={-1}>
        {question.text}
      </h1>

      {missing && (
        // Keyed by the attempt: a new alert element is announced again on every press of Next.
        <p key={missingAttempt} ref={errorRef} id={errorId} className="question-missing" role="alert">
          <Icon icon={IconNames.ERROR} aria-hidden />
          {t('assessment.question.missingAnswer')}
        </p>
      )}

      <RadioGroup
        className="answer-list"
        aria-labelledby={headingId}
        aria-describedby={missing ? errorId : undefined}
        aria-invalid={missing || undefined}
        name={`question-${question.id}`}
        selectedValue={selectedAnswerId === undefined ? undefined : String(selectedAnswerId)}
        onChange={(event) => onSelect(Number(event.currentTarget.value))}
        disabled={submitting}
      >
        {question.answers.map((answer) => {
          const textId = `answer-${answer.id}-text`;
          const descriptionId = `answer-${answer.id}-description`;
          return (
            <RadioCard
              key={answer.id}
              value={String(answer.id)}
              className="answer-card"
              alignIndicator="start"
              inputProps={{
                'aria-labelledby': textId,
                'aria-describedby': answer.description ? descriptionId : undefined,
              }}
            >
              <span className="answer-card__text" id={textId}>
                {answer.text}
              </span>
              {answer.description && (
                <span className="answer-card__description" id={descriptionId}>
                  {answer.description}
                </span>
              )}
            </RadioCard>
          );
        })}
      </RadioGroup>

      {beforeActions}
      <div className="assessment-card__actions">
        <Button
          size="large"
          variant="outlined"
          icon={IconNames.ARROW_LEFT}
          onClick={onPrevious}
          disabled={submitting}
        >
          {t('assessment.previous')}
        </Button>
        <Button
          type="submit"
          size="large"
          intent={Intent.PRIMARY}
          endIcon={isLast ? IconNames.TICK : IconNames.ARROW_RIGHT}
          disabled={submitting}
        >
          {nextLabel}
        </Button>
      </div>
      <ContinueLaterButton onClick={onContinueLater} disabled={submitting} />
    </form>
  );
}
