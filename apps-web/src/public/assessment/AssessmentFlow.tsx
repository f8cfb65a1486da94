import { Intent } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  validateDemographics,
  type ConsentStatement,
  type DemographicField,
  type PublicQuestion,
  type SubmitRequest,
} from '@msp/shared/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../platform/platform-context.js';
import { useToast } from '../../lib/toasts.js';
import { errorIssues } from '../../lib/api-errors.js';
import { queryKey } from '../../lib/query-keys.js';
import {
  anyFilled,
  CONSENT_AGREED,
  CONSENT_INPUT_ID,
  CONSENT_NAME,
  demographicInputId,
  demographicPayload,
  demographicProblems,
  demographicSchema,
  formName,
  fromFormValues,
  toFormValues,
  type DemographicFormValues,
} from './demographicForm.js';
import { DemographicStep } from './DemographicStep.js';
import { assessmentDraftAtom, hasDraftProgress, type AssessmentStep } from './draft.js';
import { visitAttribution } from '../attribution/visit-attribution.js';
import { EMBED_PATH, useEmbedded } from '../embed/embedded.js';
import { shuffleQuestions } from './order.js';
import { assessmentProgress } from './progress.js';
import { QuestionStep } from './QuestionStep.js';
import { ResumeNotice, type ResumeNoticeState } from './ResumeNotice.js';
import { reportFunnelStep } from '../funnel/funnel-beacon.js';

interface AssessmentFlowProps {
  fields: readonly DemographicField[];
  /** The statement the visitor must tick on the first step, or null when none is asked for. */
  consent: ConsentStatement | null;
  questions: readonly PublicQuestion[];
}

/** Index of the first unanswered question, or of the last question when all are answered. */
function resumeIndex(
  questions: readonly PublicQuestion[],
  answers: Readonly<Record<number, number>>,
): number {
  const firstOpen = questions.findIndex((question) => answers[question.id] === undefined);
  return firstOpen === -1 ? Math.max(0, questions.length - 1) : firstOpen;
}

/**
 * Scrolls a new step or question so its top sits below the sticky header, unless it already shows
 * there. The header's room is the page's scroll-padding (assessment.css), which scrollIntoView
 * keeps clear; without it the step line would slide under the header on a phone, where pressing
 * Next at the foot of a long form leaves the shorter next card part-way up the screen.
 */
function revealBelowHeader(element: Element) {
  const reserved = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const { top } = element.getBoundingClientRect();
  if (top >= reserved && top <= window.innerHeight / 2) return;
  element.scrollIntoView({ block: 'start' });
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
export function AssessmentFlow({ fields, consent, questions: loadedQuestions }: AssessmentFlowProps) {
  const api = useApi();
  const navigate = useNavigate();
  const embedded = useEmbedded();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useAtom(assessmentDraftAtom);

  // Questions answered in the saved draft, as found when the page opened.
  const [initiallyAnswered] = useState(() => new Set(Object.keys(draft.answers).map(Number)));
  const questions = useMemo(
    () => shuffleQuestions(loadedQuestions, initiallyAnswered),
    [loadedQuestions, initiallyAnswered],
  );

  // Only answers that still exist count: content may have changed since the draft was saved.
  const answers = useMemo(() => {
    const valid: Record<number, number> = {};
    for (const question of questions) {
      const answerId = draft.answers[String(question.id)];
      if (answerId !== undefined && question.answers.some((answer) => answer.id === answerId)) {
        valid[question.id] = answerId;
      }
    }
    return valid;
  }, [questions, draft.answers]);

  // A tick counts for the statement it was given to: one the administrator has since replaced asks again.
  const consentTicked = consent !== null && draft.consentStatementId === consent.id;
  // The questions step is reachable only with valid demographics (and the consent ticked, when
  // asked); a stale draft goes back a step.
  const demographicsValid = useMemo(
    () =>
      Object.keys(validateDemographics(fields, draft.demographics)).length === 0 &&
      (consent === null || consentTicked),
    [fields, draft.demographics, consent, consentTicked],
  );
  const step: AssessmentStep = draft.step === 'questions' && demographicsValid ? 'questions' : 'demographics';
  const staleStep = draft.step !== step;
  useEffect(() => {
    // Record the fallback, or the questions would appear by themselves once the fields became valid.
    if (staleStep) setDraft((previous) => ({ ...previous, step: 'demographics' }));
  }, [staleStep, setDraft]);

  const [index, setIndex] = useState(() => resumeIndex(questions, answers));
  const currentIndex = Math.min(index, questions.length - 1);
  const question = questions[currentIndex];
  const questionIds = useMemo(() => questions.map((q) => q.id), [questions]);
  const progress = useMemo(() => assessmentProgress(questionIds, answers), [questionIds, answers]);
  // Presses of Next on the current question without an answer (see QuestionStep).
  const [missing, setMissing] = useState<{ questionId: number; attempt: number }>();
  const [problems, setProblems] = useState<{ announcement: string; first: string; attempt: number }>();

  const [honeypot, setHoneypot] = useState('');

  const askConsent = consent !== null;
  const schema = useMemo(() => demographicSchema(fields, askConsent), [fields, askConsent]);
  const formValuesOf = useCallback(
    (demographics: Readonly<Record<string, string>>, ticked: boolean): DemographicFormValues => ({
      ...toFormValues(fields, demographics),
      ...(askConsent ? { [CONSENT_NAME]: ticked ? CONSENT_AGREED : '' } : {}),
    }),
    [fields, askConsent],
  );
  const form = useForm<DemographicFormValues>({
    defaultValues: formValuesOf(draft.demographics, consentTicked),
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    // Errors appear on Next only and clear when the field is edited (spec 5), never re-validate while typing.
    reValidateMode: 'onSubmit',
    // The step focuses the first field with a problem itself, once its message is rendered and
    // linked, so a screen reader reads the message with the field.
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  const currentDemographics = useMemo(() => fromFormValues(fields, values), [fields, values]);

  // The draft keeps where its visit came from, once that visit brought anything.
  useEffect(() => {
    const attribution = visitAttribution();
    if (Object.values(attribution).every((value) => value === null)) return;
    setDraft((previous) => (previous.attribution ? previous : { ...previous, attribution }));
  }, [setDraft]);

  // Keep the draft in step with the form.
  useEffect(() => {
    const subscription = form.watch((latest) => {
      const demographics = fromFormValues(fields, latest);
      setDraft((previous) => ({
        ...previous,
        demographics: { ...previous.demographics, ...demographics },
        ...(consent
          ? { consentStatementId: latest[CONSENT_NAME] === CONSENT_AGREED ? consent.id : undefined }
          : {}),
      }));
    });
    return () => subscription.unsubscribe();
  }, [form, fields, consent, setDraft]);

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

  // Move focus to the new heading when the visitor changes step or question, or starts over; not
  // on first render.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [restarts, setRestarts] = useState(0);
  const visit = `${position}#${restarts}`;
  const previousVisit = useRef(visit);
  useEffect(() => {
    if (previousVisit.current === visit) return;
    previousVisit.current = visit;
    const heading = headingRef.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    revealBelowHeader(heading.closest('.assessment-card') ?? heading);
  }, [visit]);

  const goToStep = useCallback(
    (next: AssessmentStep) => setDraft((previous) => ({ ...previous, step: next })),
    [setDraft],
  );

  const submitted = useRef(false);
  useEffect(
    () => () => {
      if (submitted.current) setDraft(RESET);
    },
    [setDraft],
  );

  const submit = useMutation({
    mutationFn: (body: SubmitRequest) => api.call('submitAssessment', { body }),
    onSuccess: ({ submissionId }) => {
      // The draft is cleared when this page unmounts: clearing it now would flash the first step
      // while the results page loads.
      submitted.current = true;
      reportFunnelStep({ step: 'submitted' });
      // The results page tells a framing partner site of the completion, once it knows the level.
      void navigate(`${embedded ? EMBED_PATH : ''}/results/${encodeURIComponent(submissionId)}`, {
        state: { justSubmitted: true },
      });
    },
    onError: (error) => {
      // A statement set after this page loaded: read it, which brings the visitor back to tick it.
      if (errorIssues(error).some(({ field }) => field === 'consent')) {
        void queryClient.invalidateQueries({ queryKey: queryKey('getConsentStatement') });
        toast.show({
          title: 'Your consent is needed',
          description: 'Please tick the consent statement on the first step, then submit again.',
          intent: Intent.WARNING,
        });
        return;
      }
      toast.show({
        title: 'Error',
        description: 'Failed to submit assessment. Please try again.',
        intent: Intent.DANGER,
      });
    },
  });

  const onDemographicsSubmit = form.handleSubmit(
    (valid) => {
      setProblems(undefined);
      setDraft((previous) => ({
        ...previous,
        step: 'questions',
        demographics: { ...previous.demographics, ...fromFormValues(fields, valid) },
        ...(consent ? { consentStatementId: consent.id } : {}),
      }));
      setIndex(resumeIndex(questions, answers));
    },
    (errors) => {
      const messages = Object.fromEntries(
        fields.map((field) => [field.identifier, errors[formName(field.identifier)]?.message]),
      );
      const found = demographicProblems(fields, messages, errors[CONSENT_NAME]?.message);
      if (!found) return;
      setProblems((previous) => ({
        announcement: found.announcement,
        first: found.first ? demographicInputId(found.first.identifier) : CONSENT_INPUT_ID,
        attempt: (previous?.attempt ?? 0) + 1,
      }));
    },
  );

  /** Marks a question as still needing an answer: its step says so and takes focus. */
  const flagMissing = (questionId: number) =>
    setMissing((previous) => ({
      questionId,
      attempt: previous?.questionId === questionId ? previous.attempt + 1 : 1,
    }));

  const handleSubmitAssessment = () => {
    const firstOpen = questions.findIndex((q) => answers[q.id] === undefined);
    if (firstOpen !== -1) {
      setIndex(firstOpen);
      flagMissing(questions[firstOpen]!.id);
      return;
    }
    const body: SubmitRequest = {
      demographicData: demographicPayload(fields, draft.demographics),
      answers: questions.map((q) => ({ questionId: q.id, answerId: answers[q.id]! })),
      attribution: draft.attribution ?? visitAttribution(),
    };
    // The statement the visitor saw and ticked, by its id: the server keeps that text.
    if (consent && consentTicked) body.consent = { statementId: consent.id };
    if (honeypot) body.website = honeypot;
    submit.mutate(body);
  };

  const startOver = () => {
    // The form first: its reset writes empty values into the draft, which RESET then removes.
    form.reset(formValuesOf({}, false));
    setDraft(RESET);
    setHoneypot('');
    setIndex(0);
    setMissing(undefined);
    setProblems(undefined);
    setNotice({ state: 'cleared', at: 'demographics' });
    setRestarts((count) => count + 1);
  };

  const noticeView = shownNotice && (
    <ResumeNotice
      state={shownNotice}
      answered={progress.answered}
      questionCount={questions.length}
      onStartOver={() => setNotice({ state: 'confirming', at: position })}
      onConfirm={startOver}
      onCancel={() => setNotice({ state: 'resumed', at: position })}
    />
  );

  if (step === 'demographics' || !question) {
    return (
      <>
        {noticeView}
        <DemographicStep
          fields={fields}
          consent={consent}
          control={form.control}
          errors={form.formState.errors}
          onEdit={(name) => {
            form.clearErrors(name);
            setProblems(undefined);
          }}
          onSubmit={(event) => void onDemographicsSubmit(event)}
          // There is no earlier step: Previous leads back to the landing page; the draft keeps the values.
          onPrevious={() => void navigate('/')}
          // Framed on another site there is no landing page to go back to.
          canGoBack={!embedded && anyFilled(fields, currentDemographics)}
          problems={problems}
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
        onPrevious={() => (currentIndex === 0 ? goToStep('demographics') : setIndex(currentIndex - 1))}
        onNext={() => {
          if (answers[question.id] === undefined) flagMissing(question.id);
          else if (isLast) handleSubmitAssessment();
          else setIndex(currentIndex + 1);
        }}
        missingAttempt={missing?.questionId === question.id ? missing.attempt : undefined}
        submitting={submit.isPending || submit.isSuccess}
        headingRef={headingRef}
      />
    </>
  );
}
