import type {
  ConsentStatement,
  PublicDemographicField,
  PublicQuestion,
  QuestionOrder,
  SubmitRequest,
} from '@msp/shared/browser';
import { useAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { visitAttribution } from '../attribution/visit-attribution.js';
import { useEmbedded } from '../embed/embedded.js';
import { reportFunnelStep } from '../funnel/funnel-beacon.js';
import { anyFilled, demographicPayload } from './demographicForm.js';
import { DemographicStep } from './DemographicStep.js';
import { assessmentDraftAtom, hasDraftProgress, type AssessmentStep } from './draft.js';
import { firstOpenIndex, resumeIndex } from './flow-state.js';
import { QuestionStep } from './QuestionStep.js';
import { ResumeNotice, type ResumeNoticeState } from './ResumeNotice.js';
import { useDemographicForm } from './use-demographic-form.js';
import { useFlowQuestions, useMissingAnswer } from './use-flow-questions.js';
import { useStepFocus } from './use-step-focus.js';
import { useSubmitAssessment } from './use-submit-assessment.js';
import { LastStepChoices, useLastStepChoices } from './LastStepChoices.js';
import { useContinueLater } from './use-continue-later.js';

interface AssessmentFlowProps {
  fields: readonly PublicDemographicField[];
  /** The statement the visitor must tick on the first step, or null when none is asked for. */
  consent: ConsentStatement | null;
  questions: readonly PublicQuestion[];
  /** Shuffled on each visit, or fixed in the questions' Order, as the administrator chose. */
  questionOrder: QuestionOrder;
  /** The draft was just restored from an emailed "Continue later" link. */
  restoredFromLink?: boolean;
}

/** A notice shown at one position of the flow; moving on hides it. */
interface Notice {
  state: ResumeNoticeState;
  at: string;
}

/**
 * The two steps of the assessment: demographics, then one question at a time, then submit. The
 * draft (values, answers, step) lives in local storage so a reload resumes where the visitor was.
 */
export function AssessmentFlow({
  fields,
  consent,
  questions: loadedQuestions,
  questionOrder,
  restoredFromLink = false,
}: AssessmentFlowProps) {
  const navigate = useNavigate();
  const embedded = useEmbedded();
  const [draft, setDraft] = useAtom(assessmentDraftAtom);

  const { questions, answers, progress } = useFlowQuestions(loadedQuestions, draft.answers, questionOrder);

  const [index, setIndex] = useState(() => resumeIndex(questions, answers));
  const demographic = useDemographicForm(fields, consent, draft, setDraft, () =>
    setIndex(resumeIndex(questions, answers)),
  );
  // The questions step is reachable only with valid demographics; a stale draft goes back a step.
  const step: AssessmentStep =
    draft.step === 'questions' && demographic.demographicsValid ? 'questions' : 'demographics';
  const staleStep = draft.step !== step;
  useEffect(() => {
    // Record the fallback, or the questions would appear by themselves once the fields became valid.
    if (staleStep) setDraft((previous) => ({ ...previous, step: 'demographics' }));
  }, [staleStep, setDraft]);

  const currentIndex = Math.min(index, questions.length - 1);
  const question = questions[currentIndex];
  const missing = useMissingAnswer();
  const [honeypot, setHoneypot] = useState('');
  const choices = useLastStepChoices(fields, draft.demographics);

  const position = step === 'demographics' ? 'demographics' : `question-${question?.id}`;
  // Whether this visit continues an earlier one is decided once, from the draft as found.
  const [notice, setNotice] = useState<Notice | undefined>(() =>
    hasDraftProgress(draft) ? { state: 'resumed', at: position } : undefined,
  );
  const shownNotice = notice?.at === position ? notice.state : undefined;

  // The funnel: the step on screen, a question by its place in this visit's order.
  const shownQuestionId = step === 'questions' ? question?.id : undefined;
  useEffect(() => {
    if (shownQuestionId === undefined) reportFunnelStep({ step: 'demographics' });
    else reportFunnelStep({ step: 'question', questionId: shownQuestionId, position: currentIndex + 1 });
  }, [shownQuestionId, currentIndex]);

  // Focus moves to the new heading when the visitor changes step or question, or starts over.
  const [restarts, setRestarts] = useState(0);
  const headingRef = useStepFocus(`${position}#${restarts}`);
  const submit = useSubmitAssessment();
  const later = useContinueLater({
    fields,
    consent,
    consentTicked: demographic.consentTicked,
    demographics: draft.demographics,
    answers,
  });

  const handleSubmitAssessment = () => {
    const firstOpen = firstOpenIndex(questions, answers);
    if (firstOpen !== -1) {
      setIndex(firstOpen);
      missing.flag(questions[firstOpen]!.id);
      return;
    }
    const body: SubmitRequest = {
      demographicData: demographicPayload(fields, draft.demographics),
      answers: questions.map((q) => ({ questionId: q.id, answerId: answers[q.id]! })),
      attribution: draft.attribution ?? visitAttribution(),
    };
    // The statement the visitor saw and ticked, by its id: the server keeps that text.
    if (consent && demographic.consentTicked) body.consent = { statementId: consent.id };
    if (honeypot) body.website = honeypot;
    submit.mutate({ ...body, ...choices.submitFields(draft.teamInviteId) });
  };

  const startOver = () => {
    // The form first: its reset writes empty values into the draft, which RESET then removes.
    demographic.clear();
    setDraft(RESET);
    setHoneypot('');
    setIndex(0);
    missing.clear();
    setNotice({ state: 'cleared', at: 'demographics' });
    setRestarts((count) => count + 1);
  };

  const noticeView = shownNotice && (
    <ResumeNotice
      state={shownNotice}
      answered={progress.answered}
      questionCount={questions.length}
      fromLink={restoredFromLink}
      onStartOver={() => setNotice({ state: 'confirming', at: position })}
      onConfirm={startOver}
      onCancel={() => setNotice({ state: 'resumed', at: position })}
    />
  );

  if (step === 'demographics' || !question) {
    return (
      <>
        {noticeView}
        {later.dialog}
        <DemographicStep
          fields={fields}
          consent={consent}
          control={demographic.form.control}
          errors={demographic.form.formState.errors}
          onEdit={(name) => {
            demographic.form.clearErrors(name);
            demographic.clearProblems();
          }}
          onSubmit={(event) => void demographic.submit(event)}
          // There is no earlier step: Previous leads back to the landing page; the draft keeps the values.
          onPrevious={() => void navigate('/')}
          // Framed on another site there is no landing page to go back to.
          canGoBack={!embedded && anyFilled(fields, demographic.currentDemographics)}
          // Once there is an address to send the link to.
          onContinueLater={later.email ? later.open : undefined}
          problems={demographic.problems}
          honeypot={honeypot}
          onHoneypotChange={setHoneypot}
          headingRef={headingRef}
        />
      </>
    );
  }

  const isLast = currentIndex === questions.length - 1;
  return (
    <>
      {noticeView}
      {later.dialog}
      <QuestionStep
        key={question.id}
        question={question}
        number={currentIndex + 1}
        questionCount={questions.length}
        progress={progress}
        selectedAnswerId={answers[question.id]}
        onSelect={(answerId) =>
          setDraft((previous) => ({
            ...previous,
            answers: { ...previous.answers, [String(question.id)]: answerId },
          }))
        }
        onPrevious={() =>
          currentIndex === 0
            ? setDraft((previous) => ({ ...previous, step: 'demographics' }))
            : setIndex(currentIndex - 1)
        }
        onNext={() => {
          if (answers[question.id] === undefined) missing.flag(question.id);
          else if (isLast) handleSubmitAssessment();
          else setIndex(currentIndex + 1);
        }}
        missingAttempt={missing.attemptFor(question.id)}
        submitting={submit.isPending || submit.isSuccess}
        headingRef={headingRef}
        beforeActions={
          isLast && <LastStepChoices choices={choices} disabled={submit.isPending || submit.isSuccess} />
        }
        onContinueLater={later.open}
      />
    </>
  );
}
