import type { DemographicField, PublicMatrixCell, PublicPillar, PublicQuestion } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import type { ContentCache } from '../../content-cache.js';
import { DemographicFieldModel, MatrixCellModel, Pillar, Question } from '../../db/models/index.js';

/** Active pillars in display order. */
export async function listActivePillars(db: Database): Promise<PublicPillar[]> {
  const rows = await Pillar.query(db)
    .where('is_active', true)
    .orderBy([{ column: 'order' }, { column: 'id' }]);
  return rows.map(({ id, name, description, order, isActive }) => ({
    id,
    name,
    description,
    order,
    isActive,
  }));
}

/** A question with its answers and their point allocations: what scoring needs. */
export interface ScorableQuestion {
  id: number;
  text: string;
  order: number;
  pillar: { id: number; name: string };
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
export async function listScorableQuestions(db: Database): Promise<ScorableQuestion[]> {
  const questions = await Question.query(db)
    .joinRelated('pillar')
    .where('questions.is_active', true)
    .where('pillar.is_active', true)
    .withGraphFetched('[pillar, answers.pointAllocations]')
    .modifyGraph('answers', (builder) => builder.orderBy([{ column: 'order' }, { column: 'id' }]))
    .orderBy([{ column: 'questions.order' }, { column: 'questions.id' }]);
  return questions.map((q) => ({
    id: q.id,
    text: q.text,
    order: q.order,
    pillar: { id: q.pillar!.id, name: q.pillar!.name },
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
    text: q.text,
    pillarId: q.pillar.id,
    order: q.order,
    isActive: true,
    pillar: q.pillar,
    answers: q.answers.map(({ id, text, description, order }) => ({ id, text, description, order })),
  }));
}

export async function listActiveDemographicFields(db: Database): Promise<DemographicField[]> {
  const rows = await DemographicFieldModel.query(db)
    .where('is_active', true)
    .orderBy([{ column: 'order' }, { column: 'id' }]);
  return rows.map(({ id, identifier, label, fieldType, options, order, isRequired, isActive }) => ({
    id,
    identifier,
    label,
    fieldType,
    options: options ?? null,
    order,
    isRequired,
    isActive,
  }));
}

/** Matrix cells of active pillars, by pillar order then level. */
export async function listPublicMatrixCells(db: Database): Promise<PublicMatrixCell[]> {
  const cells = await MatrixCellModel.query(db)
    .joinRelated('pillar')
    .where('pillar.is_active', true)
    .withGraphFetched('pillar')
    .orderBy([
      { column: 'pillar.order' },
      { column: 'matrix_cells.pillar_id' },
      { column: 'matrix_cells.level' },
    ]);
  return cells.map((c) => ({
    id: c.id,
    pillarId: c.pillarId,
    level: c.level,
    shortDescription: c.shortDescription,
    detailedContent: c.detailedContent,
    requirements: c.requirements,
    examples: c.examples,
    metrics: c.metrics,
    nextSteps: c.nextSteps,
    pillar: { id: c.pillar!.id, name: c.pillar!.name },
  }));
}

/** Cached public content; the cache is shared with the admin side, which invalidates it on writes. */
export function publicContent(db: Database, cache: ContentCache) {
  return {
    pillars: () => cache.get('pillars', () => listActivePillars(db)),
    scorableQuestions: () => cache.get('questions', () => listScorableQuestions(db)),
    publicQuestions: () =>
      cache.get('public-questions', async () => toPublicQuestions(await listScorableQuestions(db))),
    demographicFields: () => cache.get('demographic-fields', () => listActiveDemographicFields(db)),
    matrixCells: () => cache.get('matrix-cells', () => listPublicMatrixCells(db)),
  };
}
export type PublicContent = ReturnType<typeof publicContent>;
