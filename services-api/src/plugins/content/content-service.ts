import Boom from '@hapi/boom';
import type {
  AdminQuestion,
  AdminStats,
  DemographicField,
  EmailTemplate,
  MatrixCell,
  Pillar,
} from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { CONTENT_CHANNEL } from '../../content-cache.js';
import type { Database } from '../../db/knex.js';
import {
  DemographicFieldModel,
  EmailTemplate as EmailTemplateModel,
  MatrixCellModel,
  Pillar as PillarModel,
  Question,
} from '../../db/models/index.js';
import { invalidField } from '../../http/route-adapter.js';
import type {
  DemographicFieldInput,
  EmailTemplateInput,
  MatrixCellInput,
  PillarInput,
  QuestionInput,
} from '@msp/shared';

type Executor = Database | Knex.Transaction;

/** Parsed request bodies: what the route adapter hands over after validation. */
type Parsed<T extends z.ZodType> = z.output<T>;
type PillarBody = Parsed<typeof PillarInput>;
type QuestionBody = Parsed<typeof QuestionInput>;
type DemographicFieldBody = Parsed<typeof DemographicFieldInput>;
type MatrixCellBody = Parsed<typeof MatrixCellInput>;
type EmailTemplateBody = Parsed<typeof EmailTemplateInput>;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === '23505';
}

/**
 * Runs a content write in one transaction and tells every instance's public cache about it once
 * it has committed (NOTIFY is delivered at commit; the local cache is cleared right after).
 */
export async function writeContent<T>(
  db: Database,
  afterCommit: () => void,
  write: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (trx) => {
    const value = await write(trx);
    if (trx.client.config.client === 'pg') await trx.raw(`NOTIFY ${CONTENT_CHANNEL}`);
    return value;
  });
  afterCommit();
  return result;
}

export async function adminStats(db: Database): Promise<AdminStats> {
  const count = async (query: Knex.QueryBuilder) =>
    Number((await query.count<{ count: string }[]>({ count: '*' }))[0]?.count ?? 0);
  const [activePillars, assessmentQuestions, demographicFields, submissions] = await Promise.all([
    count(db('pillars').where({ is_active: true })),
    count(
      db('questions as q')
        .join('pillars as p', 'p.id', 'q.pillar_id')
        .where('q.is_active', true)
        .where('p.is_active', true),
    ),
    count(db('demographic_fields').where({ is_active: true })),
    count(db('submissions')),
  ]);
  return { activePillars, assessmentQuestions, demographicFields, submissions };
}

// --- Pillars ---

export function toPillar(row: PillarModel): Pillar {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    order: row.order,
    isActive: row.isActive,
  };
}

export async function listPillars(db: Executor): Promise<Pillar[]> {
  const rows = await PillarModel.query(db).orderBy([{ column: 'order' }, { column: 'id' }]);
  return rows.map(toPillar);
}

export async function savePillar(trx: Knex.Transaction, body: PillarBody, id?: number): Promise<Pillar> {
  const fields = {
    name: body.name,
    description: body.description,
    order: body.order,
    isActive: body.isActive,
  };
  if (id === undefined) return toPillar(await PillarModel.query(trx).insertAndFetch(fields));
  const updated = await PillarModel.query(trx).patchAndFetchById(id, {
    ...fields,
    updatedAt: new Date().toISOString(),
  } as never);
  if (!updated) throw Boom.notFound('Pillar not found');
  return toPillar(updated);
}

/**
 * Deletes one row by id, or answers 404. Uses RETURNING because the embedded database's driver
 * does not report a deleted-row count the way pg does.
 */
async function deleteById(trx: Knex.Transaction, table: string, id: number, notFound: string): Promise<void> {
  const rows = await trx(table).where({ id }).delete().returning('id');
  if (rows.length === 0) throw Boom.notFound(notFound);
}

/** Deletes a pillar: its matrix cells and points go with it; its questions stay, without a pillar. */
export function deletePillar(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(trx, 'pillars', id, 'Pillar not found');
}

// --- Questions ---

export function toAdminQuestion(q: Question): AdminQuestion {
  return {
    id: q.id,
    text: q.text,
    pillarId: q.pillarId,
    order: q.order,
    isActive: q.isActive,
    pillar: q.pillar ? { id: q.pillar.id, name: q.pillar.name } : null,
    answers: [...(q.answers ?? [])]
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map((a) => ({
        id: a.id,
        text: a.text,
        description: a.description,
        order: a.order,
        pointAllocations: [...(a.pointAllocations ?? [])]
          .sort((x, y) => x.pillarId - y.pillarId)
          .map(({ id, pillarId, points }) => ({ id, pillarId, points })),
      })),
  };
}

function questionsQuery(db: Executor) {
  return Question.query(db)
    .withGraphFetched('[pillar, answers.pointAllocations]')
    .orderBy([{ column: 'order' }, { column: 'id' }]);
}

export async function listQuestions(db: Executor): Promise<AdminQuestion[]> {
  return (await questionsQuery(db)).map(toAdminQuestion);
}

/** Every pillar a question body names must exist; the 400 names the field that refers to it. */
async function checkPillarsExist(trx: Knex.Transaction, body: QuestionBody): Promise<void> {
  const known = new Set((await trx('pillars').select('id')).map((row: { id: number }) => row.id));
  if (!known.has(body.question.pillarId)) throw invalidField('question.pillarId', 'Please select a pillar');
  body.answers.forEach((answer, a) =>
    answer.pointAllocations.forEach((allocation, p) => {
      // Zero points are not stored, so a zero for any pillar is harmless.
      if (allocation.points > 0 && !known.has(allocation.pillarId)) {
        throw invalidField(
          `answers.${a}.pointAllocations.${p}.pillarId`,
          `pillar ${allocation.pillarId} does not exist`,
        );
      }
    }),
  );
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
    pillar_id: body.question.pillarId,
    order: body.question.order,
    is_active: body.question.isActive,
  };
  let questionId = id;
  if (questionId === undefined) {
    const [row] = await trx('questions').insert(fields).returning<{ id: number }[]>('id');
    questionId = row!.id;
  } else {
    const updated = await trx('questions')
      .where({ id: questionId })
      .update({ ...fields, updated_at: trx.fn.now() });
    if (!updated) throw Boom.notFound('Question not found');
    await trx('answers').where({ question_id: questionId }).delete();
  }
  for (const { answer, pointAllocations } of body.answers) {
    const [row] = await trx('answers')
      .insert({
        question_id: questionId,
        text: answer.text,
        description: answer.description,
        order: answer.order,
      })
      .returning<{ id: number }[]>('id');
    // Only allocations above zero are stored: a missing allocation means zero points.
    const allocations = pointAllocations
      .filter((allocation) => allocation.points > 0)
      .map((allocation) => ({
        answer_id: row!.id,
        pillar_id: allocation.pillarId,
        points: allocation.points,
      }));
    if (allocations.length) await trx('point_allocations').insert(allocations);
  }
  const saved = await questionsQuery(trx).findById(questionId);
  return toAdminQuestion(saved!);
}

export function deleteQuestion(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(trx, 'questions', id, 'Question not found');
}

// --- Demographic fields ---

export function toDemographicField(row: DemographicFieldModel): DemographicField {
  return {
    id: row.id,
    identifier: row.identifier,
    label: row.label,
    fieldType: row.fieldType,
    options: row.options ?? null,
    order: row.order,
    isRequired: row.isRequired,
    isActive: row.isActive,
  };
}

export async function listDemographicFields(db: Executor): Promise<DemographicField[]> {
  const rows = await DemographicFieldModel.query(db).orderBy([{ column: 'order' }, { column: 'id' }]);
  return rows.map(toDemographicField);
}

export async function saveDemographicField(
  trx: Knex.Transaction,
  body: DemographicFieldBody,
  id?: number,
): Promise<DemographicField> {
  const clash = await trx('demographic_fields')
    .where({ identifier: body.identifier })
    .modify((q) => (id === undefined ? q : q.whereNot({ id })))
    .first('id');
  if (clash) throw invalidField('identifier', 'A field with this identifier already exists');
  const fields = {
    identifier: body.identifier,
    label: body.label,
    fieldType: body.fieldType,
    options: body.options,
    order: body.order,
    isRequired: body.isRequired,
    isActive: body.isActive,
  };
  try {
    if (id === undefined)
      return toDemographicField(await DemographicFieldModel.query(trx).insertAndFetch(fields));
    const updated = await DemographicFieldModel.query(trx).patchAndFetchById(id, {
      ...fields,
      updatedAt: new Date().toISOString(),
    } as never);
    if (!updated) throw Boom.notFound('Demographic field not found');
    return toDemographicField(updated);
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalidField('identifier', 'A field with this identifier already exists');
    throw error;
  }
}

export function deleteDemographicField(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(trx, 'demographic_fields', id, 'Demographic field not found');
}

// --- Matrix cells ---

export function toMatrixCell(row: MatrixCellModel): MatrixCell {
  return {
    id: row.id,
    pillarId: row.pillarId,
    level: row.level,
    shortDescription: row.shortDescription,
    detailedContent: row.detailedContent,
    requirements: row.requirements,
    examples: row.examples,
    metrics: row.metrics,
    nextSteps: row.nextSteps,
  };
}

export async function listMatrixCells(db: Executor): Promise<MatrixCell[]> {
  const rows = await MatrixCellModel.query(db).orderBy([{ column: 'pillar_id' }, { column: 'level' }]);
  return rows.map(toMatrixCell);
}

export async function upsertMatrixCell(
  trx: Knex.Transaction,
  pillarId: number,
  level: number,
  body: MatrixCellBody,
): Promise<MatrixCell> {
  if (!(await trx('pillars').where({ id: pillarId }).first('id'))) throw Boom.notFound('Pillar not found');
  const fields = {
    short_description: body.shortDescription,
    detailed_content: body.detailedContent,
    requirements: body.requirements,
    examples: body.examples,
    metrics: body.metrics,
    next_steps: body.nextSteps,
  };
  await trx('matrix_cells')
    .insert({ pillar_id: pillarId, level, ...fields })
    .onConflict(['pillar_id', 'level'])
    .merge({ ...fields, updated_at: trx.fn.now() });
  const row = await MatrixCellModel.query(trx).findOne({ pillar_id: pillarId, level });
  return toMatrixCell(row!);
}

// --- Email templates ---

export function toEmailTemplate(row: EmailTemplateModel): EmailTemplate {
  return { id: row.id, name: row.name, subject: row.subject, htmlBody: row.htmlBody, isActive: row.isActive };
}

export async function listEmailTemplates(db: Executor): Promise<EmailTemplate[]> {
  const rows = await EmailTemplateModel.query(db).orderBy('id');
  return rows.map(toEmailTemplate);
}

/** Saves a template; one template is sent to visitors, so activating one deactivates the others. */
export async function saveEmailTemplate(
  trx: Knex.Transaction,
  body: EmailTemplateBody,
  id?: number,
): Promise<EmailTemplate> {
  if (body.isActive) {
    await trx('email_templates')
      .modify((q) => (id === undefined ? q : q.whereNot({ id })))
      .update({ is_active: false });
  }
  const fields = { name: body.name, subject: body.subject, htmlBody: body.htmlBody, isActive: body.isActive };
  if (id === undefined) return toEmailTemplate(await EmailTemplateModel.query(trx).insertAndFetch(fields));
  const updated = await EmailTemplateModel.query(trx).patchAndFetchById(id, {
    ...fields,
    updatedAt: new Date().toISOString(),
  } as never);
  if (!updated) throw Boom.notFound('Email template not found');
  return toEmailTemplate(updated);
}

export function deleteEmailTemplate(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(trx, 'email_templates', id, 'Email template not found');
}
