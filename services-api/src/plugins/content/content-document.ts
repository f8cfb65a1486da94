import { randomUUID } from 'node:crypto';
import {
  CONTENT_FORMAT,
  CONTENT_FORMAT_VERSION,
  EMAIL_TEMPLATE_PURPOSES,
  type ContentDocument,
} from '@msp/shared';
import type { Knex } from 'knex';
import type { Executor } from '../../db/knex.js';
import type { BaseModel } from '../../db/models/base-model.js';
import {
  AnswerModel,
  DemographicFieldModel,
  EmailTemplateModel,
  MatrixCellModel,
  PillarModel,
  PointAllocationModel,
  QuestionModel,
} from '../../db/models/content.js';
import { assertNoIssues, type FieldIssue } from '../../domain/errors.js';
import { listDemographicFields } from '../demographic-fields/demographic-fields-service.js';
import {
  currentConsentStatement,
  saveConsentStatement,
} from '../demographic-fields/consent-statement-service.js';
import { listEmailTemplates } from '../email-templates/email-templates-service.js';
import { listMatrixCells } from '../matrix/matrix-service.js';
import { listPillars } from '../pillars/pillars-service.js';
import { listQuestions } from '../questions/questions-service.js';

/** Everything an administrator authors, as one document that another instance can import. */
export async function exportContent(db: Executor): Promise<ContentDocument> {
  const [pillars, questions, fields, consent, cells, templates] = await Promise.all([
    listPillars(db),
    listQuestions(db),
    listDemographicFields(db),
    currentConsentStatement(db),
    listMatrixCells(db),
    listEmailTemplates(db),
  ]);
  // A pillar's ref is its key, so an import keeps each pillar's history.
  const refs = new Map(pillars.map((pillar) => [pillar.id, pillar.key]));
  const refOf = (id: number) => refs.get(id)!;
  return {
    format: CONTENT_FORMAT,
    version: CONTENT_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    pillars: pillars.map((p) => ({
      ref: refOf(p.id),
      name: p.name,
      description: p.description,
      order: p.order,
      isActive: p.isActive,
    })),
    questions: questions.map((q) => ({
      key: q.key,
      pillarRef: q.pillarId === null ? null : refOf(q.pillarId),
      text: q.text,
      order: q.order,
      isActive: q.isActive,
      answers: q.answers.map((a) => ({
        text: a.text,
        description: a.description,
        order: a.order,
        points: a.pointAllocations.map((p) => ({ pillarRef: refOf(p.pillarId), points: p.points })),
      })),
    })),
    demographicFields: fields.map(
      ({ identifier, label, fieldType, options, order, isRequired, isActive }) => ({
        identifier,
        label,
        fieldType,
        options,
        order,
        isRequired,
        isActive,
      }),
    ),
    consentStatement: consent?.text ?? null,
    matrixCells: cells.map((c) => ({
      pillarRef: refOf(c.pillarId),
      level: c.level,
      shortDescription: c.shortDescription,
      detailedContent: c.detailedContent,
      requirements: c.requirements,
      examples: c.examples,
      metrics: c.metrics,
      nextSteps: c.nextSteps,
    })),
    emailTemplates: templates.map(({ name, subject, htmlBody, purpose, isActive }) => ({
      name,
      subject,
      htmlBody,
      purpose,
      isActive,
    })),
  };
}

/** Checks what a schema cannot: references, uniqueness and the rules between rows. Lists every problem. */
export function checkDocument(doc: ContentDocument): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const refs = new Set<string>();
  doc.pillars.forEach((pillar, i) => {
    if (refs.has(pillar.ref))
      issues.push({ field: `pillars.${i}.ref`, message: `ref "${pillar.ref}" is used twice` });
    refs.add(pillar.ref);
  });
  const known = (ref: string | null) => ref === null || refs.has(ref);
  const questionKeys = new Set<string>();
  doc.questions.forEach((question, q) => {
    if (question.key !== undefined) {
      if (questionKeys.has(question.key))
        issues.push({ field: `questions.${q}.key`, message: `key "${question.key}" is used twice` });
      questionKeys.add(question.key);
    }
    if (!known(question.pillarRef)) {
      issues.push({
        field: `questions.${q}.pillarRef`,
        message: `no pillar has ref "${question.pillarRef}"`,
      });
    }
    question.answers.forEach((answer, a) => {
      const seen = new Set<string>();
      answer.points.forEach((point, p) => {
        const field = `questions.${q}.answers.${a}.points.${p}.pillarRef`;
        if (!refs.has(point.pillarRef))
          issues.push({ field, message: `no pillar has ref "${point.pillarRef}"` });
        if (seen.has(point.pillarRef))
          issues.push({ field, message: 'a pillar is given points twice in one answer' });
        seen.add(point.pillarRef);
      });
    });
  });
  const identifiers = new Set<string>();
  doc.demographicFields.forEach((field, i) => {
    if (identifiers.has(field.identifier)) {
      issues.push({
        field: `demographicFields.${i}.identifier`,
        message: `identifier "${field.identifier}" is used twice`,
      });
    }
    identifiers.add(field.identifier);
    const choice = field.fieldType === 'select' || field.fieldType === 'radio';
    if (choice && !field.options?.length) {
      issues.push({
        field: `demographicFields.${i}.options`,
        message: 'Add at least one option for a select or radio field',
      });
    }
  });
  const cells = new Set<string>();
  doc.matrixCells.forEach((cell, i) => {
    if (!refs.has(cell.pillarRef)) {
      issues.push({ field: `matrixCells.${i}.pillarRef`, message: `no pillar has ref "${cell.pillarRef}"` });
    }
    const key = `${cell.pillarRef}/${cell.level}`;
    if (cells.has(key))
      issues.push({
        field: `matrixCells.${i}`,
        message: `pillar "${cell.pillarRef}" level ${cell.level} appears twice`,
      });
    cells.add(key);
  });
  for (const purpose of EMAIL_TEMPLATE_PURPOSES) {
    if (doc.emailTemplates.filter((t) => t.isActive && t.purpose === purpose).length > 1) {
      issues.push({
        field: 'emailTemplates',
        message:
          purpose === 'results'
            ? 'At most one email template may be active'
            : 'At most one reminder template may be active',
      });
    }
  }
  return issues;
}

/**
 * Each question's key: the document's, or for a file without keys (exported by the earlier
 * release) the key of today's question with the same text, so that question keeps its history;
 * else a new one.
 */
async function questionKeys(trx: Knex.Transaction, doc: ContentDocument): Promise<string[]> {
  const given = new Set(
    doc.questions.flatMap((question) => (question.key === undefined ? [] : [question.key])),
  );
  const byText = new Map<string, string>();
  const current = await QuestionModel.query(trx)
    .select('key', 'text')
    .orderBy([{ column: 'order' }, { column: 'id' }]);
  for (const question of current) if (!byText.has(question.text)) byText.set(question.text, question.key);
  return doc.questions.map((question) => {
    if (question.key !== undefined) return question.key;
    const known = byText.get(question.text);
    byText.delete(question.text);
    const key = known !== undefined && !given.has(known) ? known : randomUUID();
    given.add(key);
    return key;
  });
}

/**
 * The document's pillars written by key: a pillar whose key (its ref) is already a pillar's keeps
 * that row and its id, so ids an integrator stored and submissions scored before still join; the
 * others are inserted. Answers each ref's id.
 */
async function writePillars(
  trx: Knex.Transaction,
  pillars: ContentDocument['pillars'],
): Promise<Map<string, number>> {
  const current = await PillarModel.query(trx).select('id', 'key');
  const currentIds = new Map(current.map((pillar) => [pillar.key, pillar.id]));
  const ids = new Map<string, number>();
  for (const { ref, name, description, order, isActive } of pillars) {
    const fields = { name, description, order, isActive };
    let id = currentIds.get(ref);
    if (id === undefined) id = (await PillarModel.query(trx).insert({ key: ref, ...fields })).id;
    else await PillarModel.query(trx).patch(fields).where('id', id);
    ids.set(ref, id);
  }
  return ids;
}

/**
 * The document's questions written by key, as the pillars are: a known key keeps its question's
 * id. Their answers are written anew (answers have no key to match them by).
 */
async function writeQuestions(
  trx: Knex.Transaction,
  questions: ContentDocument['questions'],
  keys: string[],
  idOf: (ref: string) => number,
): Promise<void> {
  const current = await QuestionModel.query(trx).select('id', 'key');
  const currentIds = new Map(current.map((question) => [question.key, question.id]));
  for (const [q, question] of questions.entries()) {
    const key = keys[q]!;
    const fields = {
      text: question.text,
      pillarId: question.pillarRef === null ? null : idOf(question.pillarRef),
      order: question.order,
      isActive: question.isActive,
    };
    let questionId = currentIds.get(key);
    if (questionId === undefined) questionId = (await QuestionModel.query(trx).insert({ key, ...fields })).id;
    else await QuestionModel.query(trx).patch(fields).where('id', questionId);
    const answers = question.answers.map((answer) => ({
      questionId,
      text: answer.text,
      description: answer.description,
      order: answer.order,
      // Only points above zero are stored: a missing allocation means zero points.
      pointAllocations: answer.points
        .filter((p) => p.points > 0)
        .map((p) => ({ pillarId: idOf(p.pillarRef), points: p.points })),
    }));
    if (answers.length) await AnswerModel.query(trx).insertGraph(answers);
  }
}

/**
 * Replaces all authored content with the document's, in the caller's transaction. Submissions
 * stay. A document with problems throws InvalidFieldError listing them all, and nothing changes.
 * A pillar or question whose key is already here keeps its id; those the document does not name
 * are deleted, and the rest of the content is written anew.
 */
export async function replaceContent(trx: Knex.Transaction, doc: ContentDocument) {
  assertNoIssues(checkDocument(doc));
  const keys = await questionKeys(trx, doc);
  // Children first; submissions hold copies and no foreign keys into content.
  const children: (typeof BaseModel)[] = [
    PointAllocationModel,
    AnswerModel,
    MatrixCellModel,
    DemographicFieldModel,
    EmailTemplateModel,
  ];
  for (const model of children) await model.query(trx).delete();
  await QuestionModel.query(trx).whereNotIn('key', keys).delete();
  await PillarModel.query(trx)
    .whereNotIn(
      'key',
      doc.pillars.map((pillar) => pillar.ref),
    )
    .delete();
  const pillarIds = await writePillars(trx, doc.pillars);
  const idOf = (ref: string) => pillarIds.get(ref)!;
  await writeQuestions(trx, doc.questions, keys, idOf);
  if (doc.demographicFields.length) {
    await DemographicFieldModel.query(trx).insertGraph(
      doc.demographicFields.map((f) => ({
        identifier: f.identifier,
        label: f.label,
        fieldType: f.fieldType,
        options: f.fieldType === 'select' || f.fieldType === 'radio' ? f.options : null,
        order: f.order,
        isRequired: f.isRequired,
        isActive: f.isActive,
      })),
    );
  }
  if (doc.consentStatement !== undefined) {
    await saveConsentStatement(trx, { text: doc.consentStatement ?? '' });
  }
  if (doc.matrixCells.length) {
    await MatrixCellModel.query(trx).insertGraph(
      doc.matrixCells.map(({ pillarRef, ...cell }) => ({ pillarId: idOf(pillarRef), ...cell })),
    );
  }
  if (doc.emailTemplates.length) {
    await EmailTemplateModel.query(trx).insertGraph(doc.emailTemplates);
  }
  return {
    pillars: doc.pillars.length,
    questions: doc.questions.length,
    demographicFields: doc.demographicFields.length,
    matrixCells: doc.matrixCells.length,
    emailTemplates: doc.emailTemplates.length,
  };
}
