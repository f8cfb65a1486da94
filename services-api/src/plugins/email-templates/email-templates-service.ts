import {
  sampleValuesFor,
  templateVariables,
  templateVariablesFor,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplatePurpose,
  type TemplateVariableList,
} from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Executor } from '../../db/knex.js';
import { EmailTemplateModel } from '../../db/models/content.js';
import { NotFoundError } from '../../domain/errors.js';
import { deleteById } from '../../db/writes.js';
import { listPillars } from '../pillars/pillars-service.js';

type EmailTemplateBody = z.output<typeof EmailTemplateInput>;

/** The variables a template may use: the fixed ones and one per active pillar, in pillar order. */
async function currentVariables(db: Executor, purpose: EmailTemplatePurpose): Promise<string[]> {
  const pillars = await listPillars(db, { activeOnly: true });
  return templateVariablesFor(
    pillars.map((pillar) => pillar.name),
    purpose,
  );
}

/** A template as the admin sees it, with the names it uses that no current variable has. */
export function toEmailTemplate(row: EmailTemplateModel, variables: readonly string[]): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlBody: row.htmlBody,
    purpose: row.purpose,
    isActive: row.isActive,
    unknownVariables: templateVariables(`${row.subject}\n${row.htmlBody}`, variables).unknown,
  };
}

export async function listEmailTemplates(db: Executor): Promise<EmailTemplate[]> {
  // One after another: `db` may be a transaction (the seed lists the content in one), whose one
  // connection runs a query at a time.
  const rows = await EmailTemplateModel.query(db).orderBy('id');
  const results = await currentVariables(db, 'results');
  const reminder = await currentVariables(db, 'reminder');
  return rows.map((row) => toEmailTemplate(row, row.purpose === 'reminder' ? reminder : results));
}

/** The variables the editor offers, each with the sample value its preview uses. */
export async function listTemplateVariables(
  db: Executor,
  purpose: EmailTemplatePurpose,
): Promise<TemplateVariableList> {
  const variables = await currentVariables(db, purpose);
  const samples = sampleValuesFor(variables);
  return { variables: variables.map((name) => ({ name, sample: samples[name]! })) };
}

/**
 * Saves a template; one template of each purpose is sent to visitors, so activating one
 * deactivates the others of its purpose.
 */
export async function saveEmailTemplate(
  trx: Knex.Transaction,
  body: EmailTemplateBody,
  id?: number,
): Promise<EmailTemplate> {
  if (body.isActive) {
    await EmailTemplateModel.query(trx)
      .modify((q) => (id === undefined ? q : q.whereNot('id', id)))
      .where({ is_active: true, purpose: body.purpose })
      .patch({ isActive: false });
  }
  const fields = {
    name: body.name,
    subject: body.subject,
    htmlBody: body.htmlBody,
    purpose: body.purpose,
    isActive: body.isActive,
  };
  const variables = await currentVariables(trx, body.purpose);
  if (id === undefined) {
    return toEmailTemplate(await EmailTemplateModel.query(trx).insertAndFetch(fields), variables);
  }
  const updated = await EmailTemplateModel.query(trx).patchAndFetchById(id, fields);
  if (!updated) throw new NotFoundError('Email template not found');
  return toEmailTemplate(updated, variables);
}

export function deleteEmailTemplate(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(EmailTemplateModel, trx, id, 'Email template not found');
}
