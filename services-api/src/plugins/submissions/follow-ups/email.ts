import type { Database } from '../../../db/knex.js';
import { NotFoundError } from '../../../domain/errors.js';
import type { NewJob } from '../../../jobs/job-store.js';
import { JobFailure, type JobHandler } from '../../../jobs/job-worker.js';
import { EMAIL_RETRY_DELAYS_MS } from '../../../jobs/retry-schedules.js';
import type { Logger } from '../../../logger.js';
import { MailSendError, type Mailer } from '../../../mail/mailer.js';
import type { ReportCache } from '../../../report/report-cache.js';
import { composeSubmissionEmail, type SubmissionEmailOptions } from './email-content.js';

/** The local part of a submission's results email's Message-ID: the same on every retry. */
export function resultsEmailId(submissionId: string): string {
  return `results-${submissionId}`;
}

/** Where copies of a submission live outside the database: the outbox, the kept PDF reports. */
export interface SubmissionCopies {
  mailer: Mailer;
  reports: ReportCache;
}

/**
 * Removes what this instance kept of deleted submissions: the mailer's copies of their results
 * emails (the outbox's files, when no SMTP server is set) and their PDF reports in memory, so a
 * deletion leaves no copy of the person's data on the server. Returns how many files went.
 */
export function forgetSubmissionCopies(
  { mailer, reports }: SubmissionCopies,
  submissionIds: readonly string[],
): Promise<number> {
  reports.forget(submissionIds);
  return submissionIds.length ? mailer.forget(submissionIds.map(resultsEmailId)) : Promise.resolve(0);
}

/** The results email of a new submission. */
export function emailJob(submissionId: string): NewJob {
  return { kind: 'email', submissionId, maxAttempts: EMAIL_RETRY_DELAYS_MS.length + 1 };
}

/**
 * Sends the results email: the active template rendered for the submission, to the address of its
 * email field. With no template or no address nothing is sent, and the log says why. A retry
 * sends the same Message-ID, so the recipient's mail system can tell a repeat.
 */
export function emailHandler(
  db: Database,
  mailer: Mailer,
  options: SubmissionEmailOptions,
  logger: Logger,
): JobHandler {
  const host = new URL(options.publicUrl).hostname;
  return {
    timeoutMs: 60_000,
    retryDelaysMs: EMAIL_RETRY_DELAYS_MS,
    async run(job, signal) {
      const submissionId = job.submissionId ?? '';
      let email: Awaited<ReturnType<typeof composeSubmissionEmail>>;
      try {
        email = await composeSubmissionEmail(db, submissionId, options);
      } catch (error) {
        if (error instanceof NotFoundError) {
          throw new JobFailure('the submission no longer exists', { permanent: true });
        }
        throw error;
      }
      if ('skipped' in email) {
        logger.info({ submissionId, reason: email.skipped }, `No results email sent: ${email.skipped}`);
        return;
      }
      // Composing (the PDF) can outlast a stopping server's grace: the job runs again, so not sent twice.
      signal.throwIfAborted();
      try {
        const sent = await mailer.send({ ...email, messageId: `${resultsEmailId(submissionId)}@${host}` });
        logger.info(
          { submissionId, transport: sent.transport, messageId: sent.messageId, file: sent.file },
          sent.transport === 'outbox' ? 'Results email written to the outbox' : 'Results email sent',
        );
      } catch (error) {
        if (error instanceof MailSendError)
          throw new JobFailure(error.message, { permanent: error.permanent });
        throw error;
      }
    },
  };
}
