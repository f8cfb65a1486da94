import type { Config } from '../../config.js';
import type { Database } from '../../db/knex.js';
import type { JobKind, NewJob } from '../../jobs/job-store.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import type { Logger } from '../../logger.js';
import type { Mailer } from '../../mail/mailer.js';
import { emailHandler, emailJob } from './results-email.js';
import { analysisHandler, analysisJob, type AnalysisWriter } from './results-service.js';
import { webhookHandler, webhookJob } from './webhook-delivery.js';

/** The jobs queued with every new submission, in the same statement (the outbox). */
export function followUpJobs(config: Config): (submissionId: string) => NewJob[] {
  return (submissionId) => [
    analysisJob(submissionId),
    emailJob(submissionId),
    ...(config.webhook ? [webhookJob(submissionId)] : []),
  ];
}

/** How each follow-up job runs. */
export function followUpHandlers({
  db,
  config,
  analysis,
  mailer,
  logger,
}: {
  db: Database;
  config: Config;
  analysis: AnalysisWriter;
  mailer: Mailer;
  logger: Logger;
}): Record<Exclude<JobKind, 'invite_email'>, JobHandler> {
  return {
    analysis: analysisHandler(analysis),
    email: emailHandler(db, mailer, config.publicUrl, logger),
    webhook: webhookHandler(db, config.webhook, config.publicUrl),
  };
}
