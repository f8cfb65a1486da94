import type { Database } from '../../db/knex.js';
import { NotFoundError } from '../../domain/errors.js';
import {
  activeEmailTemplate,
  renderSubmissionTemplate,
  type SubmissionEmailOptions,
} from '../../mail/submission-email.js';
import { findSubmission } from './results-service.js';

/**
 * The email's own page policy: the template may style itself and show remote images, nothing else
 * (no script, no form, no frame); the admin opens it in a popup.
 */
export const EMAIL_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; font-src https: data:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The active template rendered for a submission: the HTML part of the email the visitor receives.
 * It needs no recipient, so a submission without an email address still previews. Without
 * `publicUrl` the results link is relative (`/results/<id>`), which the popup resolves against the
 * server that serves both the API and the site.
 */
export async function renderSubmissionEmail(
  db: Database,
  id: string,
  options: SubmissionEmailOptions = { publicUrl: '' },
): Promise<string> {
  const [submission, template] = await Promise.all([findSubmission(db, id), activeEmailTemplate(db)]);
  if (!submission) throw new NotFoundError('Submission not found');
  if (!template) throw new NotFoundError('No email template is active');
  return renderSubmissionTemplate(template, submission, options).html;
}
