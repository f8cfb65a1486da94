import type { PublicQuestion } from '@msp/shared/browser';

/** Chosen answer id by question id, for the questions on screen. */
export type Answers = Readonly<Record<number, number>>;

/** The draft's answers that still exist: content may have changed since the draft was saved. */
export function validAnswers(
  questions: readonly PublicQuestion[],
  draftAnswers: Readonly<Record<string, number>>,
): Answers {
  const valid: Record<number, number> = {};
  for (const question of questions) {
    const answerId = draftAnswers[String(question.id)];
    if (answerId !== undefined && question.answers.some((answer) => answer.id === answerId)) {
      valid[question.id] = answerId;
    }
  }
  return valid;
}

/** Index of the first unanswered question, or -1 when all are answered. */
export function firstOpenIndex(questions: readonly PublicQuestion[], answers: Answers): number {
  return questions.findIndex((question) => answers[question.id] === undefined);
}

/** Index of the first unanswered question, or of the last question when all are answered. */
export function resumeIndex(questions: readonly PublicQuestion[], answers: Answers): number {
  const firstOpen = firstOpenIndex(questions, answers);
  return firstOpen === -1 ? Math.max(0, questions.length - 1) : firstOpen;
}
