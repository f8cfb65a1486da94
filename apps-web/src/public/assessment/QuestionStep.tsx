import { Button, Intent, ProgressBar, RadioCard, RadioGroup, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { PublicQuestion } from '@msp/shared/browser';
import type { Ref } from 'react';

interface QuestionStepProps {
  question: PublicQuestion;
  /** 1-based number of the current question. */
  number: number;
  questionCount: number;
  /** Demographic fields count towards the progress as the first positions (spec 4). */
  demographicCount: number;
  selectedAnswerId: number | undefined;
  onSelect: (answerId: number) => void;
  onPrevious: () => void;
  onNext: () => void;
  submitting: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}

export function QuestionStep({
  question,
  number,
  questionCount,
  demographicCount,
  selectedAnswerId,
  onSelect,
  onPrevious,
  onNext,
  submitting,
  headingRef,
}: QuestionStepProps) {
  const total = demographicCount + questionCount;
  const percent = total > 0 ? Math.round(((demographicCount + number) / total) * 100) : 0;
  const isLast = number === questionCount;
  const headingId = `question-${question.id}-text`;
  const nextLabel = isLast ? (submitting ? 'Submitting...' : 'Submit Assessment') : 'Next';

  return (
    <form
      className="assessment-card"
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        if (selectedAnswerId !== undefined && !submitting) onNext();
      }}
    >
      <p className="assessment-card__eyebrow">Step 2 of 2 · Assessment questions</p>
      <div className="question-progress">
        <div className="question-progress__labels">
          <span>
            Question {number} of {questionCount}
          </span>
          <span>{percent}% Complete</span>
        </div>
        <ProgressBar
          value={percent / 100}
          intent={Intent.PRIMARY}
          animate={false}
          stripes={false}
          aria-label="Assessment progress"
          aria-valuetext={`${percent}% Complete`}
        />
      </div>

      <Tag minimal round className="question-pillar" icon={IconNames.LAYERS}>
        {question.pillar.name}
      </Tag>
      <h1 id={headingId} className="assessment-card__title question-text" ref={headingRef} tabIndex={-1}>
        {question.text}
      </h1>

      <RadioGroup
        className="answer-list"
        aria-labelledby={headingId}
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

      <div className="assessment-card__actions">
        <Button
          size="large"
          variant="outlined"
          icon={IconNames.ARROW_LEFT}
          onClick={onPrevious}
          disabled={submitting}
        >
          Previous
        </Button>
        <Button
          type="submit"
          size="large"
          intent={Intent.PRIMARY}
          endIcon={isLast ? IconNames.TICK : IconNames.ARROW_RIGHT}
          disabled={selectedAnswerId === undefined || submitting}
        >
          {nextLabel}
        </Button>
      </div>
    </form>
  );
}
