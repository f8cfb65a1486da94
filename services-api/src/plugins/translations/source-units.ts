import { createHash } from 'node:crypto';
import {
  MATRIX_TEXT_FIELDS,
  templateSlug,
  TRANSLATED_SETTINGS,
  unitIds,
  unitKind,
  type UnitKind,
} from '@msp/shared';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import { currentConsentStatement } from '../demographic-fields/consent-statement-service.js';
import { listDemographicFields } from '../demographic-fields/demographic-fields-service.js';
import { listEmailTemplates } from '../email-templates/email-templates-service.js';
import { listMatrixCells } from '../matrix/matrix-service.js';
import { listPillars } from '../pillars/pillars-service.js';
import { listQuestions } from '../questions/questions-service.js';
import { readSettings } from '../settings/settings-service.js';
import { readLanguageTexts } from '../languages/languages-service.js';

/** One translatable text as the default language has it: what a translator translates. */
export interface SourceUnit {
  unit: string;
  kind: UnitKind;
  /** Where the text is shown, for the translator ("Question 3 of Processes", "Matrix: Tooling, level 2"). */
  context: string;
  source: string;
}

/** The digest a translation keeps of the source it was made from. */
export function sourceDigest(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

/**
 * Every visitor-facing text of the product with its source (the default language's text), in the
 * order an administrator meets them: pillars, questions and their answers, the matrix, the form,
 * the consent statement, the settings, the email templates, then the product's own strings.
 * Empty texts are left out: there is nothing to translate.
 */
export async function listSourceUnits(
  db: Executor,
  cache: ContentCache,
  config: Config,
): Promise<SourceUnit[]> {
  // One after another: `db` may be a transaction (an import), whose one connection runs a query
  // at a time.
  const content = await listContentUnits(db);
  const settings = await readSettings(db, cache, config);
  const texts = await readLanguageTexts(db, cache);
  const units = [...content];
  const add = (unit: string, context: string, source: string | null | undefined) => {
    if (source) units.push({ unit, kind: unitKind(unit)!, context, source });
  };
  // A setting at its default is a product string (`ui.settings.…`), listed with the others.
  for (const key of TRANSLATED_SETTINGS) {
    const saved = settings.settings.find((setting) => setting.key === key)?.source !== 'default';
    if (saved) add(unitIds.setting(key), `Setting: ${key}`, settings.values[key]);
  }
  for (const [id, text] of Object.entries(texts.messages))
    add(unitIds.message(id), `Product text: ${id}`, text);
  return units;
}

/** The texts of the authored content alone (no settings, no product strings), in the same order. */
export async function listContentUnits(db: Executor): Promise<SourceUnit[]> {
  // One after another: on a transaction (the seed, a swap of the default) they share one connection.
  const pillars = await listPillars(db);
  const questions = await listQuestions(db);
  const cells = await listMatrixCells(db);
  const fields = await listDemographicFields(db);
  const consent = await currentConsentStatement(db);
  const templates = await listEmailTemplates(db);
  const units: SourceUnit[] = [];
  const add = (unit: string, context: string, source: string | null | undefined) => {
    if (source) units.push({ unit, kind: unitKind(unit)!, context, source });
  };
  const pillarKeys = new Map(pillars.map((pillar) => [pillar.id, pillar.key]));
  const pillarNames = new Map(pillars.map((pillar) => [pillar.id, pillar.name]));
  for (const pillar of pillars) {
    add(unitIds.pillarName(pillar.key), `Pillar name`, pillar.name);
    add(unitIds.pillarDescription(pillar.key), `Pillar description: ${pillar.name}`, pillar.description);
  }
  for (const question of questions) {
    const where = question.pillarId === null ? 'no pillar' : pillarNames.get(question.pillarId);
    add(unitIds.question(question.key), `Question (${where})`, question.text);
    question.answers.forEach((answer, index) => {
      add(unitIds.answer(question.key, index + 1), `Answer ${index + 1} of: ${question.text}`, answer.text);
      add(
        unitIds.answerDescription(question.key, index + 1),
        `Answer ${index + 1}'s description, of: ${question.text}`,
        answer.description,
      );
    });
  }
  for (const cell of cells) {
    const key = pillarKeys.get(cell.pillarId);
    if (key === undefined) continue;
    for (const field of MATRIX_TEXT_FIELDS) {
      add(
        unitIds.matrix(key, cell.level, field),
        `Matrix: ${pillarNames.get(cell.pillarId)}, level ${cell.level}, ${field}`,
        cell[field],
      );
    }
  }
  for (const field of fields) {
    add(unitIds.fieldLabel(field.identifier), `Form field label (${field.identifier})`, field.label);
    (field.options ?? []).forEach((option, index) =>
      add(
        unitIds.fieldOption(field.identifier, index + 1),
        `Option ${index + 1} of the form field ${field.label}`,
        option,
      ),
    );
  }
  add(unitIds.consentStatement(), 'Consent statement of the "About you" step', consent?.text);
  for (const template of templates) {
    const slug = templateSlug(template.name);
    add(unitIds.emailSubject(slug), `Email subject: ${template.name}`, template.subject);
    add(unitIds.emailBody(slug), `Email body (HTML): ${template.name}`, template.htmlBody);
  }
  return units;
}
