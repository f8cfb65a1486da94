import type { PublicQuestion, QuestionOrder } from '@msp/shared/browser';
import { useMemo, useState } from 'react';
import { validAnswers } from './flow-state.js';
import { orderQuestions } from './order.js';
import { assessmentProgress } from './progress.js';

/**
 * The questions in this visit's order, the draft's answers that still fit them, and the progress
 * they make. A random order keeps the questions answered in the draft, as found when the page
 * opened, first; a fixed one is the questions' own Order.
 */
export function useFlowQuestions(
  loadedQuestions: readonly PublicQuestion[],
  draftAnswers: Readonly<Record<string, number>>,
  questionOrder: QuestionOrder,
) {
  const [initiallyAnswered] = useState(() => new Set(Object.keys(draftAnswers).map(Number)));
  const questions = useMemo(
    () => orderQuestions(loadedQuestions, questionOrder, initiallyAnswered),
    [loadedQuestions, questionOrder, initiallyAnswered],
  );
  // Only answers that still exist count: content may have changed since the draft was saved.
  const answers = useMemo(() => validAnswers(questions, draftAnswers), [questions, draftAnswers]);
  const questionIds = useMemo(() => questions.map((q) => q.id), [questions]);
  const progress = useMemo(() => assessmentProgress(questionIds, answers), [questionIds, answers]);
  return { questions, answers, progress };
}

/**
 * Presses of Next on a question without an answer (see QuestionStep): `flag` marks a question as
 * still needing one, and its step says so and takes focus again on every press.
 */
export function useMissingAnswer() {
  const [missing, setMissing] = useState<{ questionId: number; attempt: number }>();
  const flag = (questionId: number) =>
    setMissing((previous) => ({
      questionId,
      attempt: previous?.questionId === questionId ? previous.attempt + 1 : 1,
    }));
  /** How often Next was pressed on this question unanswered, if it was. */
  const attemptFor = (questionId: number) =>
    missing?.questionId === questionId ? missing.attempt : undefined;
  return { flag, attemptFor, clear: () => setMissing(undefined) };
}
