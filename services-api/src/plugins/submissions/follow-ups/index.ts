import type { Config } from '../../../config.js';
import type { PublicContent } from '../../content/public-content.js';
import type { Database } from '../../../db/knex.js';
import type { NewJob } from '../../../jobs/job-store.js';
import type { JobWorker } from '../../../jobs/job-worker.js';
import type { Logger } from '../../../logger.js';
import type { Mailer } from '../../../mail/mailer.js';
import { analysisHandler, analysisJob, type AnalysisWriter } from './analysis.js';
import { emailHandler, emailJob } from './email.js';
import { reminderJob } from './reminder-job.js';
import type { SubmissionEmailOptions } from './email-content.js';
import { webhookJob } from '../../../jobs/webhook-jobs.js';
import { webhookHandler } from './webhook.js';

/**
 * A submission's follow-ups: its analysis, its results email and its webhook, each a job written
 * in the same statement as the submission (the outbox) and run by the job worker.
 */

/**
 * The jobs queued with a new submission: every submission's, its reminder when the visitor asked
 * for one (`reminderDays` later), and what the resources above lend it (`lentJobs`: the CRM's
 * sync, decided from memory, never by a read on the submit path).
 */
export function followUpJobs(
  config: Config,
  lentJobs: (submissionId: string) => NewJob[] = () => [],
): (submissionId: string, reminderDays: number | null) => NewJob[] {
  return (submissionId, reminderDays) => [
    analysisJob(submissionId),
    emailJob(submissionId),
    ...(config.webhook ? [webhookJob(submissionId)] : []),
    ...(reminderDays === null ? [] : [reminderJob(submissionId, reminderDays)]),
    ...lentJobs(submissionId),
  ];
}

/** Tells the job worker how each follow-up runs. */
export function registerFollowUps(
  jobs: JobWorker,
  {
    db,
    config,
    analysis,
    mailer,
    logger,
    content,
    report,
    branding,
  }: {
    db: Database;
    config: Config;
    analysis: AnalysisWriter;
    mailer: Mailer;
    logger: Logger;
    content: PublicContent;
    /** The PDF report's part in the results email; asked for when the email is composed. */
    report: SubmissionEmailOptions['report'];
    branding: SubmissionEmailOptions['branding'];
  },
): void {
  jobs.handle('analysis', analysisHandler(analysis));
  // The results email in the language the assessment was taken in.
  jobs.handle(
    'email',
    emailHandler(
      db,
      mailer,
      { publicUrl: config.publicUrl, texts: content.languageTexts, report, branding },
      logger,
    ),
  );
  jobs.handle('webhook', webhookHandler(db, config.webhook, config.publicUrl));
}
