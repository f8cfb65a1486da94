import type { EmailTemplate, EmailTemplateInput } from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Executor } from '../../db/knex.js';
import { EmailTemplateModel } from '../../db/models/content.js';
import { NotFoundError } from '../../domain/errors.js';
import { deleteById } from '../../db/writes.js';

type EmailTemplateBody = z.output<typeof EmailTemplateInput>;

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
    await EmailTemplateModel.query(trx)
      .modify((q) => (id === undefined ? q : q.whereNot('id', id)))
      .where('is_active', true)
      .patch({ isActive: false });
  }
  const fields = { name: body.name, subject: body.subject, htmlBody: body.htmlBody, isActive: body.isActive };
  if (id === undefined) return toEmailTemplate(await EmailTemplateModel.query(trx).insertAndFetch(fields));
  const updated = await EmailTemplateModel.query(trx).patchAndFetchById(id, fields);
  if (!updated) throw new NotFoundError('Email template not found');
  return toEmailTemplate(updated);
}

export function deleteEmailTemplate(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(EmailTemplateModel, trx, id, 'Email template not found');
}
