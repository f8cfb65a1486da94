import {
  clampLevel,
  DEFAULT_ACCENT_COLOR,
  EN_MESSAGES,
  EMAIL_PATTERN,
  escapeHtml,
  textOnAccent,
  levelLabel,
  templateSlug,
  unitIds,
  pillarLevelVariable,
  renderTemplate,
  type EmailTemplatePurpose,
  type SubmissionEmailPreview,
} from '@msp/shared';
import { compile } from 'html-to-text';
import type { EmailBranding } from '../../branding/branding-service.js';
import type { Database } from '../../../db/knex.js';
import { DemographicFieldModel, EmailTemplateModel } from '../../../db/models/content.js';
import { NotFoundError } from '../../../domain/errors.js';
import type { LanguageTexts } from '../../languages/languages-service.js';
import { findSubmission, type Submission } from '../submission-reads.js';

/** The texts of the submission's language that an email needs. */
export type EmailTexts = Pick<LanguageTexts, 'language' | 'isDefault' | 't' | 'content'>;

/**
 * Where links in the email point: the public site's origin, as in `config.publicUrl`; and the
 * texts of a language (the submission's), without which the email is the default language's.
 */
export interface SubmissionEmailOptions {
  publicUrl: string;
  texts?: (language: string) => Promise<EmailTexts>;
  /** The PDF report's part in the email, as the report plugin gives it; none without. */
  report?: (submission: Submission) => Promise<EmailReport | null>;
  /** The provider's brand (Settings, Branding): the button's colour and the logo above the email. */
  branding?: () => Promise<EmailBranding>;
}

/** The PDF report in the results email: attached, or a link to it when too large or so set. */
export interface EmailReport {
  attachment: { filename: string; content: Buffer } | null;
  linkUrl: string | null;
}

declare module '@hapi/hapi' {
  interface PluginProperties {
    /** What the report plugin lends the results email, which sits below it. */
    report?: { forEmail: (submission: Submission) => Promise<EmailReport | null> };
  }
}

/** The visitor's PDF report on the public site, in the submission's language. */
export function reportUrlFor(submission: Pick<Submission, 'id' | 'language'>, publicUrl: string): string {
  const url = `${publicUrl.replace(/\/+$/, '')}/api/assessment/results/${submission.id}/report.pdf`;
  return `${url}?lang=${encodeURIComponent(submission.language)}`;
}

/** "Your assessments" on the public site, in the submission's language: where the visitor asks for a sign-in link. */
export function myAssessmentsUrlFor(submission: Pick<Submission, 'language'>, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/my?lang=${encodeURIComponent(submission.language)}`;
}

/** A link, as a paragraph at the end of the email's body (the report's, "Your assessments"). */
export function withLink(html: string, url: string, label: string): string {
  const link = `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${link}</body>`) : `${html}${link}`;
}

/** A results email ready for the mailer. */
export interface ComposedEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Why a submission gets no email; the job records the reason and does not retry. */
export interface SkippedEmail {
  skipped: string;
}

/**
 * The results page of a submission on the public site; in a language other than the default, the
 * page opens in it (`?lang=`), as the email reads.
 */
export function resultsUrlFor(
  submissionId: string,
  { publicUrl }: SubmissionEmailOptions,
  texts?: EmailTexts,
): string {
  const url = `${publicUrl.replace(/\/+$/, '')}/results/${submissionId}`;
  return texts && !texts.isDefault ? `${url}?lang=${encodeURIComponent(texts.language)}` : url;
}

/** "Level 2: Advanced" in the email's language. */
function levelIn(texts: EmailTexts | undefined, level: number): string {
  if (!texts) return levelLabel(level);
  const clamped = clampLevel(level);
  return texts.t('level.label', { level: clamped, name: texts.t(`level.${clamped}.name`) });
}

/**
 * The template variables for a submission. The levels are those the visitor's results page shows:
 * the banner (rounded mean of the pillar levels) and each pillar's level, keyed by its name
 * ("KPIs" gives kpis_level).
 */
export function templateValuesFor(
  submission: Submission,
  options: SubmissionEmailOptions,
  texts?: EmailTexts,
): Record<string, string> {
  const data = submission.demographicData;
  const scores = submission.pillarScores;
  const values: Record<string, string> = {
    firstName: data.first_name ?? '',
    lastName: data.last_name ?? '',
    companyName: data.company ?? '',
    overall_level: levelIn(texts, submission.overallLevel),
    results_url: resultsUrlFor(submission.id, options, texts),
  };
  // Every pillar the submission was scored on, by the name it had then: a pillar renamed since
  // keeps filling the variable its name gave.
  for (const score of scores) values[pillarLevelVariable(score.pillarName)] = levelIn(texts, score.level);
  return values;
}

/** The template that is sent for a purpose: the active one (the oldest, should several be active). */
export async function activeEmailTemplate(
  db: Database,
  purpose: EmailTemplatePurpose = 'results',
): Promise<EmailTemplateModel | undefined> {
  return EmailTemplateModel.query(db).where({ is_active: true, purpose }).orderBy('id').first();
}

/** What an email other than the results email adds: its own variables, and links at its end. */
export interface TemplateExtras {
  values?: Record<string, string>;
  links?: readonly { url: string; label: string }[];
}

/**
 * The subject and HTML body of `template` for `submission`. The one rendering both the sent email
 * and the admin's preview use, so the preview is what the visitor gets.
 */
export async function renderSubmissionTemplate(
  template: Pick<EmailTemplateModel, 'name' | 'subject' | 'htmlBody'>,
  submission: Submission,
  options: SubmissionEmailOptions,
  extras: TemplateExtras = {},
): Promise<{ subject: string; html: string }> {
  const [texts, branding] = await Promise.all([options.texts?.(submission.language), options.branding?.()]);
  const accent = branding?.accentColor ?? DEFAULT_ACCENT_COLOR;
  const values = {
    ...templateValuesFor(submission, options, texts),
    accent_color: accent,
    accent_text_color: textOnAccent(accent),
    ...extras.values,
  };
  // The template in the submission's language: its translation, else the default's text.
  const slug = templateSlug(template.name);
  const subjectText = texts ? texts.content(unitIds.emailSubject(slug), template.subject) : template.subject;
  const body = texts ? texts.content(unitIds.emailBody(slug), template.htmlBody) : template.htmlBody;
  // A header is text, not HTML; a visitor's line break must not start a header of its own.
  const subject = renderTemplate(subjectText, values, { escape: false })
    .replace(/[\r\n]+/g, ' ')
    .trim();
  // Where the visitor comes back later: a sign-in link to every assessment of this address.
  const html = [
    {
      url: myAssessmentsUrlFor(submission, options.publicUrl),
      label: texts ? texts.t('results.keep.emailLink') : EN_MESSAGES['results.keep.emailLink'],
    },
    ...(extras.links ?? []),
  ].reduce(
    (page, link) => withLink(page, link.url, link.label),
    withLogo(renderTemplate(body, values), branding),
  );
  return { subject, html };
}

/**
 * The provider's logo centred above the template's content, at the start of its body: every
 * template gets it without writing it in. Linked at its absolute address (mail clients fetch it)
 * with the provider's name as its text, which a client that blocks images shows.
 */
function withLogo(html: string, branding: EmailBranding | undefined): string {
  if (!branding?.logoUrl) return html;
  const logo =
    `<div style="text-align:center;padding:24px 12px 0 12px;">` +
    `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.providerName)}" height="48" ` +
    `style="height:48px;width:auto;max-width:240px;border:0;outline:none;text-decoration:none;"></div>`;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return `${logo}${html}`;
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}${logo}${html.slice(at)}`;
}

/**
 * Compiled once: html-to-text's `convert` builds its selector tree anew on every call, which cost
 * more than the conversion itself, on the event loop that also answers submits.
 */
const htmlToText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    // Email layouts are tables: each row becomes a line, its cells words on that line.
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'td', format: 'inline' },
    { selector: 'th', format: 'inline' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
  ],
});

/**
 * The plain-text part of an email: what a text-only reader sees, links kept as "text [url]".
 * Layout tables read as lines of text; images, which carry no words, are left out.
 */
export function emailText(html: string): string {
  return htmlToText(html);
}

/**
 * Stricter than the visitor form's rule: one plain address, nothing a header parser could read as
 * a display name, a group or a second recipient.
 */
const RECIPIENT_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

export function isSendableAddress(value: string): boolean {
  return value.length <= 320 && EMAIL_PATTERN.test(value) && RECIPIENT_PATTERN.test(value);
}

/**
 * The results email for a submission: the active template rendered with its values, sent to the
 * address in the first active demographic field of the email type (lowest order). Returns
 * `{ skipped }` with the reason when no email can be sent (no active template, no email field, no
 * valid address); an unknown submission throws `NotFoundError`.
 */
export async function composeSubmissionEmail(
  db: Database,
  submissionId: string,
  options: SubmissionEmailOptions,
): Promise<ComposedEmail | SkippedEmail> {
  const [submission, template, emailField] = await Promise.all([
    findSubmission(db, submissionId),
    activeEmailTemplate(db),
    DemographicFieldModel.query(db)
      .where({ is_active: true, field_type: 'email' })
      .orderBy([{ column: 'order' }, { column: 'id' }])
      .first(),
  ]);
  if (!submission) throw new NotFoundError('Submission not found');
  if (!template) return { skipped: 'no email template is active' };
  if (!emailField) return { skipped: 'no active demographic field has the email type' };
  const to = submission.demographicData[emailField.identifier]?.trim() ?? '';
  if (!isSendableAddress(to)) {
    return {
      skipped: `the submission has no valid email address in the field "${emailField.label}" (${emailField.identifier})`,
    };
  }
  const rendered = await renderSubmissionTemplate(template, submission, options);
  const report = options.report ? await options.report(submission) : null;
  let html = rendered.html;
  const texts = options.texts ? await options.texts(submission.language) : undefined;
  if (report?.linkUrl) {
    html = withLink(
      html,
      report.linkUrl,
      texts ? texts.t('report.emailLink') : EN_MESSAGES['report.emailLink'],
    );
  }

  const attachments = report?.attachment
    ? [{ ...report.attachment, contentType: 'application/pdf' }]
    : undefined;
  return {
    to,
    subject: rendered.subject,
    html,
    text: emailText(html),
    ...(attachments ? { attachments } : {}),
  };
}

/**
 * The email's own page policy: the template may style itself and show remote images, nothing else
 * (no script, no form, no frame); the admin opens it in a popup.
 */
export const EMAIL_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; font-src https: data:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** What an admin's preview renders: the submission (not found when unknown) and the active template. */
async function previewed(
  db: Database,
  id: string,
): Promise<{ submission: Submission; template: EmailTemplateModel | undefined }> {
  const [submission, template] = await Promise.all([findSubmission(db, id), activeEmailTemplate(db)]);
  if (!submission) throw new NotFoundError('Submission not found');
  return { submission, template };
}

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
  const { submission, template } = await previewed(db, id);
  if (!template) throw new NotFoundError('No email template is active');
  return (await renderSubmissionTemplate(template, submission, options)).html;
}

/**
 * The results email of a submission as the admin previews it: the active template's subject and
 * HTML for a sandboxed frame, or `template: null` when none is active (nothing would be sent).
 */
export async function previewSubmissionEmail(
  db: Database,
  id: string,
  options: SubmissionEmailOptions,
): Promise<SubmissionEmailPreview> {
  const { submission, template } = await previewed(db, id);
  if (!template) return { template: null, subject: null, html: null };
  const { subject, html } = await renderSubmissionTemplate(template, submission, options);
  return { template: { id: template.id, name: template.name }, subject, html };
}
