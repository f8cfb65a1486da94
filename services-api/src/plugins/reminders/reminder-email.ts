import { escapeHtml, textOnAccent } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import { JobFailure } from '../../jobs/job-worker.js';
import { EMAIL_RETRY_DELAYS_MS } from '../../jobs/retry-schedules.js';
import type { Logger } from '../../logger.js';
import { MailSendError, type Mailer, type OutgoingEmail } from '../../mail/mailer.js';
import {
  activeEmailTemplate,
  emailText,
  isSendableAddress,
  myAssessmentsUrlFor,
  renderSubmissionTemplate,
  templateValuesFor,
  type EmailTexts,
  type SubmissionEmailOptions,
} from '../submissions/follow-ups/email-content.js';
import { findSubmission, type Submission } from '../submissions/submission-reads.js';
import { optOutOf } from './reminder-store.js';
import type { ReminderTokens } from './reminder-token.js';

/** The addresses a reminder links to, in the submission's language. */
export interface ReminderLinks {
  assessmentUrl: string;
  myUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
}

export function reminderLinksFor(
  submission: Pick<Submission, 'id' | 'language'>,
  publicUrl: string,
  tokens: ReminderTokens,
): ReminderLinks {
  const base = publicUrl.replace(/\/+$/, '');
  const lang = encodeURIComponent(submission.language);
  const token = tokens.issue(submission.id);
  return {
    assessmentUrl: `${base}/assessment?lang=${lang}`,
    myUrl: myAssessmentsUrlFor(submission, publicUrl),
    // The page reads the token from the fragment, which no server or proxy log ever sees.
    preferencesUrl: `${base}/my/reminders?lang=${lang}#token=${token}`,
    unsubscribeUrl: `${base}/api/reminders/unsubscribe?token=${token}`,
  };
}

/** The reminder in the product's own words, translated like the rest: sent while no reminder template is active. */
export function builtInReminder(
  submission: Submission,
  texts: EmailTexts,
  links: ReminderLinks,
  input: { productName: string; accentColor: string },
): { subject: string; html: string } {
  const { t } = texts;
  const firstName = submission.demographicData.first_name?.trim();
  const values = templateValuesFor(submission, { publicUrl: '' }, texts);
  const date = new Intl.DateTimeFormat(texts.language, { dateStyle: 'long' }).format(submission.submittedAt);
  const paragraph = (text: string) => `<p style="margin:0 0 14px 0">${escapeHtml(text)}</p>`;
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#5f6b7c">${escapeHtml(label)}</a>`;
  const html = `<!doctype html><html lang="${escapeHtml(texts.language)}"><body style="margin:0;padding:24px 12px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1c2127">
<div style="max-width:560px;margin:0 auto">
${paragraph(firstName ? t('reminder.email.greeting', { firstName }) : t('reminder.email.greetingBare'))}
${paragraph(t('reminder.email.lead', { date, level: values.overall_level!, productName: input.productName }))}
<p style="margin:0 0 14px 0"><a href="${escapeHtml(links.assessmentUrl)}" style="display:inline-block;padding:12px 22px;background:${escapeHtml(input.accentColor)};color:${textOnAccent(input.accentColor)};text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(t('reminder.email.action'))}</a></p>
<p style="margin:0 0 24px 0"><a href="${escapeHtml(links.myUrl)}">${escapeHtml(t('reminder.email.progress'))}</a></p>
<p style="margin:0 0 8px 0;font-size:13px;color:#5f6b7c">${escapeHtml(t('reminder.email.why'))}</p>
<p style="margin:0;font-size:13px;color:#5f6b7c">${link(links.preferencesUrl, t('reminder.email.preferences'))} · ${link(links.unsubscribeUrl, t('reminder.email.unsubscribe'))}</p>
</div></body></html>`;
  return { subject: t('reminder.email.subject', { productName: input.productName }), html };
}

/** Why a reminder is not sent; recorded on its job, which then ends without an email. */
type Skip = { skipped: string };

/**
 * The reminder for a submission: the active reminder template rendered like the results email
 * (with `assessment_url`, `my_url`, and the preferences and unsubscribe links at its end), else the
 * built-in one; to the submission's address, unless it unsubscribed after the submission.
 */
export async function composeReminder(
  db: Database,
  submissionId: string,
  deps: {
    options: Required<Pick<SubmissionEmailOptions, 'texts' | 'branding'>> & SubmissionEmailOptions;
    tokens: ReminderTokens;
    productName: string;
  },
): Promise<Omit<OutgoingEmail, 'messageId'> | Skip> {
  const submission = await findSubmission(db, submissionId);
  if (!submission) return { skipped: 'the submission no longer exists' };
  const to = submission.email ?? '';
  if (!isSendableAddress(to)) return { skipped: 'the submission has no valid email address' };
  const optedOut = await optOutOf(db, to);
  if (optedOut && optedOut >= submission.submittedAt) return { skipped: 'the address unsubscribed' };

  const { options, tokens } = deps;
  const [template, texts, branding] = await Promise.all([
    activeEmailTemplate(db, 'reminder'),
    options.texts(submission.language),
    options.branding(),
  ]);
  const links = reminderLinksFor(submission, options.publicUrl, tokens);
  const { t } = texts;
  const { subject, html } = template
    ? await renderSubmissionTemplate(template, submission, options, {
        values: { assessment_url: links.assessmentUrl, my_url: links.myUrl },
        links: [
          { url: links.preferencesUrl, label: t('reminder.email.preferences') },
          { url: links.unsubscribeUrl, label: t('reminder.email.unsubscribe') },
        ],
      })
    : builtInReminder(submission, texts, links, {
        productName: deps.productName,
        accentColor: branding.accentColor,
      });
  return { to, subject, html, text: emailText(html), unsubscribeUrl: links.unsubscribeUrl };
}

/**
 * Sends a due reminder. The job is claimed by one instance (the outbox's lease), and a retry sends
 * the same Message-ID. A reminder not sent (unsubscribed, no address) succeeds with `skipped` in
 * its payload, which the person's data export reads.
 */
export function reminderHandler(deps: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  tokens: ReminderTokens;
  productName: string;
  options: Parameters<typeof composeReminder>[2]['options'];
}): JobHandler {
  const { db, mailer, logger } = deps;
  const host = new URL(deps.options.publicUrl).hostname;
  return {
    timeoutMs: 60_000,
    retryDelaysMs: EMAIL_RETRY_DELAYS_MS,
    async run(job) {
      const submissionId = job.submissionId ?? '';
      const email = await composeReminder(db, submissionId, deps);
      if ('skipped' in email) {
        await db('jobs')
          .where({ id: job.id })
          .update({ payload: JSON.stringify({ skipped: true }) });
        logger.info({ submissionId, reason: email.skipped }, `No reminder sent: ${email.skipped}`);
        return;
      }
      try {
        const sent = await mailer.send({ ...email, messageId: `reminder-${submissionId}@${host}` });
        logger.info({ submissionId, transport: sent.transport }, 'Reminder to reassess sent');
      } catch (error) {
        if (error instanceof MailSendError)
          throw new JobFailure(error.message, { permanent: error.permanent });
        throw error;
      }
    },
  };
}
