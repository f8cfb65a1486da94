import type { PublicQuestion, QuestionOrder } from '@msp/shared/browser';

/**
 * Random ranks drawn once per page load. Questions are shown in a random order and each
 * question's answers are shuffled, but the order must not change while the visitor moves back and
 * forth, or leaves the page and comes back without reloading.
 */
const questionRanks = new Map<number, number>();
const answerRanks = new Map<number, number>();

function rankOf(ranks: Map<number, number>, id: number, first = false): number {
  let rank = ranks.get(id);
  if (rank === undefined) {
    // Ranks in [-1, 0) sort before ranks in [0, 1).
    rank = Math.random() - (first ? 1 : 0);
    ranks.set(id, rank);
  }
  return rank;
}

/**
 * The questions in this page load's random order, each with its answers shuffled. Questions the
 * draft already answers come first, so a visitor who reloads continues at "Question 6 of 30"
 * after five answers rather than somewhere in the middle of a new order.
 */
export function shuffleQuestions(
  questions: readonly PublicQuestion[],
  answered: ReadonlySet<number> = new Set(),
): PublicQuestion[] {
  const rank = (id: number) => rankOf(questionRanks, id, answered.has(id));
  return [...questions]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((question) => ({
      ...question,
      answers: [...question.answers].sort((a, b) => rankOf(answerRanks, a.id) - rankOf(answerRanks, b.id)),
    }));
}

/**
 * The questions as the administrator chose to put them: shuffled (as above), or fixed, in each
 * question's and answer's Order as the server sends them, the same for every visitor.
 */
export function orderQuestions(
  questions: readonly PublicQuestion[],
  mode: QuestionOrder,
  answered: ReadonlySet<number> = new Set(),
): PublicQuestion[] {
  return mode === 'fixed' ? [...questions] : shuffleQuestions(questions, answered);
}
