import type { T } from '../../lib/i18n/i18n-context.js';

/** How far the visitor has got through the questions, as the progress bar shows it. */
export interface AssessmentProgress {
  /** Questions with an answer chosen, wherever the visitor is now. */
  answered: number;
  total: number;
  /** Whole percent of the questions answered. */
  percent: number;
}

/**
 * Progress counts answered questions only: the demographic step is not a question, and standing
 * on question 1 has answered nothing yet. The percentage is rounded down, so it never claims 100%
 * while a question is still open, nor more than the visitor has done.
 */
export function assessmentProgress(
  questionIds: readonly number[],
  answers: Readonly<Record<number, number>>,
): AssessmentProgress {
  const total = questionIds.length;
  const answered = questionIds.filter((id) => answers[id] !== undefined).length;
  const percent = total === 0 ? 0 : Math.floor((answered / total) * 100);
  return { answered, total, percent };
}

/** The progress bar's spoken value, in the language of `t`: the count as well as the share. */
export function progressValueText(t: T, { answered, total, percent }: AssessmentProgress): string {
  return t('assessment.question.progressValue', { answered, total, percent: percent / 100 });
}
