import { templateSlug, type MatrixTextField, type TranslatedSetting } from '@msp/shared';
import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import { saveConsentStatement } from '../demographic-fields/consent-statement-service.js';
import { saveSettings } from '../settings/settings-service.js';

const snake = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Where each kind of unit keeps its source, read back from the unit id (`shared/src/i18n/units.ts`). */
const PATTERNS = {
  answer: /^question\.(.+)\.answer\.(\d+)\.(text|description)$/,
  question: /^question\.(.+)\.text$/,
  pillar: /^pillar\.(.+)\.(name|description)$/,
  matrix: /^matrix\.(.+)\.(\d+)\.([A-Za-z]+)$/,
  fieldOption: /^field\.(.+)\.option\.(\d+)$/,
  fieldLabel: /^field\.(.+)\.label$/,
  email: /^email\.(.+)\.(subject|body)$/,
  setting: /^setting\.([A-Za-z]+)$/,
};

async function writeAnswer(
  trx: Knex.Transaction,
  key: string,
  position: number,
  column: string,
  text: string,
) {
  const question = await trx('questions').where({ key }).first('id');
  const answers = await trx('answers')
    .where({ question_id: question?.id ?? null })
    .orderBy([{ column: 'order' }, { column: 'id' }])
    .select('id');
  const answer = answers[position - 1];
  if (answer)
    await trx('answers')
      .where({ id: answer.id })
      .update({ [column]: text });
}

async function writeFieldOption(trx: Knex.Transaction, identifier: string, position: number, text: string) {
  const field = await trx('demographic_fields').where({ identifier }).first('id', 'options');
  const options = field?.options as string[] | null | undefined;
  if (!field || !options || position > options.length) return;
  const next = options.map((option, index) => (index === position - 1 ? text : option));
  await trx('demographic_fields')
    .where({ id: field.id })
    .update({ options: JSON.stringify(next) });
}

async function writeEmail(trx: Knex.Transaction, slug: string, part: string, text: string) {
  const templates = await trx('email_templates').select('id', 'name');
  const template = templates.find((row: { name: string }) => templateSlug(row.name) === slug);
  if (template)
    await trx('email_templates')
      .where({ id: template.id })
      .update({ [part === 'subject' ? 'subject' : 'html_body']: text });
}

/**
 * Makes `text` the source of a unit: the default language's text, in the content table the unit
 * names. Product strings (ui.*) have no table: a language's own catalogue is their source.
 */
export async function writeSource(
  trx: Knex.Transaction,
  config: Config,
  actorId: number | null,
  unit: string,
  text: string,
): Promise<void> {
  let match: RegExpExecArray | null;
  if ((match = PATTERNS.answer.exec(unit)))
    return writeAnswer(trx, match[1]!, Number(match[2]), match[3]!, text);
  if ((match = PATTERNS.question.exec(unit))) {
    await trx('questions').where({ key: match[1] }).update({ text });
  } else if ((match = PATTERNS.pillar.exec(unit))) {
    await trx('pillars')
      .where({ key: match[1] })
      .update({ [match[2]!]: text });
  } else if ((match = PATTERNS.matrix.exec(unit))) {
    const pillar = await trx('pillars').where({ key: match[1] }).first('id');
    await trx('matrix_cells')
      .where({ pillar_id: pillar?.id ?? null, level: Number(match[2]) })
      .update({ [snake(match[3] as MatrixTextField)]: text });
  } else if ((match = PATTERNS.fieldOption.exec(unit))) {
    return writeFieldOption(trx, match[1]!, Number(match[2]), text);
  } else if ((match = PATTERNS.fieldLabel.exec(unit))) {
    await trx('demographic_fields').where({ identifier: match[1] }).update({ label: text });
  } else if (unit === 'consent.statement') {
    await saveConsentStatement(trx, { text });
  } else if ((match = PATTERNS.email.exec(unit))) {
    return writeEmail(trx, match[1]!, match[2]!, text);
  } else if ((match = PATTERNS.setting.exec(unit))) {
    await saveSettings(trx, { [match[1] as TranslatedSetting]: text }, config, actorId);
  }
}
