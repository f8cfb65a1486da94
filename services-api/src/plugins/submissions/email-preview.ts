import {
  bannerLevel,
  levelLabel,
  renderTemplate,
  TEMPLATE_VARIABLES,
  type TemplateVariable,
} from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { EmailTemplate } from '../../db/models/index.js';
import { NotFoundError } from '../../domain/errors.js';
import { findSubmission } from './results-service.js';
import type { Submission } from '../../db/models/index.js';

/**
 * The email's own page policy: the template may style itself and show remote images, nothing else
 * (no script, no form, no frame); the admin opens it in a popup.
 */
export const EMAIL_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; font-src https: data:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The template variables for a submission. The levels are those the visitor's results page shows:
 * the banner (rounded mean of the pillar levels) and each pillar's level, keyed by its name
 * ("KPIs" gives kpis_level).
 */
export function templateValuesFor(submission: Submission): Partial<Record<TemplateVariable, string>> {
  const data = submission.demographicData;
  const scores = submission.pillarScores ?? [];
  const values: Partial<Record<TemplateVariable, string>> = {
    firstName: data.first_name ?? '',
    lastName: data.last_name ?? '',
    companyName: data.company ?? '',
    overall_level: levelLabel(bannerLevel(scores.map((s) => s.level))),
  };
  for (const score of scores) {
    const name = `${score.pillarName.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_level`;
    if ((TEMPLATE_VARIABLES as readonly string[]).includes(name)) {
      values[name as TemplateVariable] = levelLabel(score.level);
    }
  }
  return values;
}

/** The active template rendered for a submission, as the visitor receives it. */
export async function renderSubmissionEmail(db: Database, id: string): Promise<string> {
  const [submission, template] = await Promise.all([
    findSubmission(db, id),
    EmailTemplate.query(db).where('is_active', true).orderBy('id').first(),
  ]);
  if (!submission) throw new NotFoundError('Submission not found');
  if (!template) throw new NotFoundError('No email template is active');
  return renderTemplate(template.htmlBody, templateValuesFor(submission));
}
