import { randomUUID } from 'node:crypto';
import type { AdminQuestion, PublicQuestion, QuestionInput } from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Executor } from '../../db/knex.js';
import type { ContentCache } from '../../db/content-cache.js';
import { AnswerModel, PillarModel, QuestionModel } from '../../db/models/content.js';
import { InvalidFieldError, NotFoundError } from '../../domain/errors.js';
import { deleteById } from '../../db/writes.js';

type QuestionBody = z.output<typeof QuestionInput>;

export function toAdminQuestion(q: QuestionModel): AdminQuestion {
  return {
    id: q.id,
    key: q.key,
    text: q.text,
    pillarId: q.pillarId,
    pillarKey: q.pillar?.key ?? null,
    order: q.order,
    isActive: q.isActive,
    pillar: q.pillar ? { id: q.pillar.id, key: q.pillar.key, name: q.pillar.name } : null,
    answers: [...(q.answers ?? [])]
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map((a) => ({
        id: a.id,
        text: a.text,
        description: a.description,
        order: a.order,
        pointAllocations: [...(a.pointAllocations ?? [])]
          .sort((x, y) => x.pillarId - y.pillarId)
          .map(({ id, pillarId, pillar, points }) => ({ id, pillarId, pillarKey: pillar!.key, points })),
      })),
  };
}

function questionsQuery(db: Executor) {
  return QuestionModel.query(db)
    .withGraphFetched('[pillar, answers.pointAllocations.pillar]')
    .orderBy([{ column: 'order' }, { column: 'id' }]);
}

export async function listQuestions(db: Executor): Promise<AdminQuestion[]> {
  return (await questionsQuery(db)).map(toAdminQuestion);
}

/** Every pillar a question body names must exist; the error names the field that refers to it. */
async function checkPillarsExist(trx: Knex.Transaction, body: QuestionBody): Promise<void> {
  const known = new Set((await PillarModel.query(trx).select('id')).map((row) => row.id));
  if (!known.has(body.question.pillarId))
    throw new InvalidFieldError('question.pillarId', 'Please select a pillar');
  body.answers.forEach((answer, a) =>
    answer.pointAllocations.forEach((allocation, p) => {
      // Zero points are not stored, so a zero for any pillar is harmless.
      if (allocation.points > 0 && !known.has(allocation.pillarId)) {
        throw new InvalidFieldError(
          `answers.${a}.pointAllocations.${p}.pillarId`,
          `pillar ${allocation.pillarId} does not exist`,
        );
      }
    }),
  );
}

/** A question's answers as a graph to insert; only allocations above zero are stored. */
function answersGraph(answers: QuestionBody['answers']) {
  return answers.map(({ answer, pointAllocations }) => ({
    text: answer.text,
    description: answer.description,
    order: answer.order,
    pointAllocations: pointAllocations
      .filter((allocation) => allocation.points > 0)
      .map(({ pillarId, points }) => ({ pillarId, points })),
  }));
}

/**
 * Creates a question, or replaces one with its answers and allocations, in the caller's
 * transaction. Past submissions are untouched: they hold their own copies.
 */
export async function saveQuestion(
  trx: Knex.Transaction,
  body: QuestionBody,
  id?: number,
): Promise<AdminQuestion> {
  await checkPillarsExist(trx, body);
  const fields = {
    text: body.question.text,
    pillarId: body.question.pillarId,
    order: body.question.order,
    isActive: body.question.isActive,
  };
  let questionId = id;
  if (questionId === undefined) {
    questionId = (await QuestionModel.query(trx).insert({ ...fields, key: randomUUID() })).id;
  } else {
    const updated = await QuestionModel.query(trx).patch(fields).where('id', questionId);
    if (!updated) throw new NotFoundError('Question not found');
    await AnswerModel.query(trx).where('question_id', questionId).delete();
  }
  const answers = answersGraph(body.answers).map((answer) => ({ ...answer, questionId }));
  if (answers.length) await AnswerModel.query(trx).insertGraph(answers);
  const saved = await questionsQuery(trx).findById(questionId);
  return toAdminQuestion(saved!);
}

export function deleteQuestion(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(QuestionModel, trx, id, 'Question not found');
}

/** A question with its answers and their point allocations: what scoring needs. */
export interface ScorableQuestion {
  id: number;
  key: string;
  text: string;
  order: number;
  pillar: { id: number; key: string; name: string };
  answers: {
    id: number;
    text: string;
    description: string | null;
    order: number;
    allocations: { pillarId: number; points: number }[];
  }[];
}

/**
 * Active questions whose pillar is active, in order, with answers in order. An inactive pillar is
 * withdrawn from the model, so its questions are withdrawn with it.
 */
export async function listScorableQuestions(db: Executor): Promise<ScorableQuestion[]> {
  const questions = await QuestionModel.query(db)
    .joinRelated('pillar')
    .where('questions.is_active', true)
    .where('pillar.is_active', true)
    .withGraphFetched('[pillar, answers.pointAllocations]')
    .modifyGraph('answers', (builder) => builder.orderBy([{ column: 'order' }, { column: 'id' }]))
    .orderBy([{ column: 'questions.order' }, { column: 'questions.id' }]);
  return questions.map((q) => ({
    id: q.id,
    key: q.key,
    text: q.text,
    order: q.order,
    pillar: { id: q.pillar!.id, key: q.pillar!.key, name: q.pillar!.name },
    answers: (q.answers ?? []).map((a) => ({
      id: a.id,
      text: a.text,
      description: a.description,
      order: a.order,
      allocations: (a.pointAllocations ?? []).map(({ pillarId, points }) => ({ pillarId, points })),
    })),
  }));
}

/** The visitor's view of the questions: no point allocations. */
export function toPublicQuestions(questions: readonly ScorableQuestion[]): PublicQuestion[] {
  return questions.map((q) => ({
    id: q.id,
    key: q.key,
    text: q.text,
    pillarId: q.pillar.id,
    order: q.order,
    isActive: true,
    pillar: { id: q.pillar.id, name: q.pillar.name },
    answers: q.answers.map(({ id, text, description, order }) => ({ id, text, description, order })),
  }));
}

/** The questions a submission is scored against, from the content cache. */
export function readScorableQuestions(db: Executor, cache: ContentCache): Promise<ScorableQuestion[]> {
  return cache.get('questions', () => listScorableQuestions(db));
}

/** The questions visitors answer, without their points, from the content cache. */
export function readPublicQuestions(db: Executor, cache: ContentCache): Promise<PublicQuestion[]> {
  return cache.get('public-questions', async () => toPublicQuestions(await readScorableQuestions(db, cache)));
}
