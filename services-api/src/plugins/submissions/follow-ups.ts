import type { Config } from '../../config.js';
import type { Database } from '../../db/knex.js';
import type { JobKind, NewJob } from '../../jobs/job-store.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import { analysisHandler, analysisJob, type AnalysisWriter } from './results-service.js';
import { webhookHandler, webhookJob } from './webhook-delivery.js';

/** The jobs queued with every new submission, in the same statement (the outbox). */
export function followUpJobs(config: Config): (submissionId: string) => NewJob[] {
  return (submissionId) => [analysisJob(submissionId), ...(config.webhook ? [webhookJob(submissionId)] : [])];
}

/** How each follow-up job runs. */
export function followUpHandlers({
  db,
  config,
  analysis,
}: {
  db: Database;
  config: Config;
  analysis: AnalysisWriter;
}): Record<JobKind, JobHandler> {
  return {
    analysis: analysisHandler(analysis),
    webhook: webhookHandler(db, config.webhook, config.publicUrl),
  } as Record<JobKind, JobHandler>;
}
