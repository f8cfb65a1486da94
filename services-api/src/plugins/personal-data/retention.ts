import type { Database, Executor } from '../../db/knex.js';
import { DAY_MS, dayAfter, dayOf } from '../../domain/days.js';
import { writeAuditRecord, type AuditActor } from '../../http/audit-trail.js';
import { enqueueJobOnce, type NewJob } from '../../jobs/job-store.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import { RETENTION_RETRY_DELAYS_MS } from '../../jobs/retry-schedules.js';
import type { Logger } from '../../logger.js';
import { forgetSubmissionCopies, type SubmissionCopies } from '../submissions/follow-ups/email.js';
import { deleteSubmittedBefore } from '../submissions/submission-deletes.js';
import { deleteStaleDrafts } from '../drafts/draft-service.js';

/** Who the audit trail says deleted them: the operator, through the setting. */
export const RETENTION_ACTOR: AuditActor = {
  kind: 'operator',
  id: null,
  name: 'Data retention (SUBMISSION_RETENTION_DAYS)',
};

/**
 * The retention run of one UTC day, due at `runAt`. Its key is the day's: however many instances
 * queue it (each at start, and the day before's run), the database keeps one, so it runs once.
 */
export function retentionJob(runAt: Date): NewJob & { uniqueKey: string } {
  const day = dayOf(runAt.getTime());
  return {
    kind: 'retention',
    submissionId: null,
    payload: { day },
    maxAttempts: RETENTION_RETRY_DELAYS_MS.length + 1,
    uniqueKey: `retention:${day}`,
    runAt,
  };
}

/** Queues today's run, due now, unless today's was queued already (by anyone, even before a restart). */
export function scheduleRetention(db: Executor, now = new Date()): Promise<boolean> {
  return enqueueJobOnce(db, retentionJob(now));
}

/** The shortest period a run applied today (UTC), from its audit record; undefined when none did. */
async function periodAppliedOn(db: Executor, day: string): Promise<number | undefined> {
  const row = await db('audit_events')
    .where({ action: 'submission.retention' })
    .where('at', '>=', new Date(`${day}T00:00:00.000Z`))
    .first<{ days: number | null } | undefined>(db.raw(`min((summary->>'retentionDays')::int) AS days`));
  return row?.days ?? undefined;
}

/**
 * As the server starts: queues today's run unless it is queued already, and, when today's run is
 * over but applied a longer period than `days` (the setting was shortened since, or retention was
 * off), one more run today, due now. So a shortened SUBMISSION_RETENTION_DAYS applies at the
 * restart that brings it, not at the next UTC midnight. The extra run's key names its period:
 * instances starting with the same setting queue it once.
 */
export async function scheduleRetentionAtStart(
  db: Executor,
  days: number | undefined,
  now = new Date(),
): Promise<void> {
  if ((await scheduleRetention(db, now)) || days === undefined) return;
  const job = retentionJob(now);
  const todays = await db('jobs')
    .where({ unique_key: job.uniqueKey })
    .first<{ status: string } | undefined>('status');
  // Still to come: it applies the period of whichever instance runs it.
  if (todays?.status === 'queued' || todays?.status === 'running') return;
  const applied = await periodAppliedOn(db, dayOf(now.getTime()));
  if (applied !== undefined && applied <= days) return;
  await enqueueJobOnce(db, { ...job, uniqueKey: `${job.uniqueKey}:${days}d` });
}

/**
 * Queues the run after the one of `day`: at the start of the next day (UTC) after both that day
 * and today, so a run that comes late (the server was down) still queues one ahead of it.
 */
export function scheduleNextRetention(db: Executor, day: string, now = new Date()): Promise<boolean> {
  const today = dayOf(now.getTime());
  return enqueueJobOnce(db, retentionJob(new Date(dayAfter(day > today ? day : today))));
}

/**
 * Deletes the submissions older than `days` days (by their submitted time) with all that hangs off
 * them (their results emails' outbox copies too), in batches, and records the run in the audit trail with how many it deleted, also when it
 * stopped part way (then the rest is deleted on the retry or the next day's run). The next day's
 * run is queued first, so a failing run never ends the schedule. Saved drafts ("Continue later")
 * not saved for DRAFT_RETENTION_DAYS are deleted by every run, with or without a retention period
 * for submissions: the daily run is queued either way.
 */
export function retentionHandler(
  db: Database,
  copies: SubmissionCopies,
  days: number | undefined,
  logger: Logger,
): JobHandler {
  return {
    // Like every other job's, so the lease after a crash stays as short: a backlog larger than a
    // minute of batches is finished by the retry.
    timeoutMs: 60_000,
    retryDelaysMs: RETENTION_RETRY_DELAYS_MS,
    async run(job, signal) {
      await scheduleNextRetention(db, String(job.payload.day ?? ''));
      // Saved drafts have their own fixed period, whether or not submissions have one.
      const drafts = await deleteStaleDrafts(db);
      if (drafts > 0) logger.info({ deleted: drafts }, 'Retention run deleted old saved drafts');
      if (days === undefined) return;
      const cutoff = new Date(Date.now() - days * DAY_MS);
      let deleted = 0;
      let complete = false;
      try {
        await deleteSubmittedBefore(db, cutoff, {
          signal,
          onDeleted: async (ids) => {
            deleted += ids.length;
            await forgetSubmissionCopies(copies, ids);
          },
        });
        complete = true;
      } finally {
        await writeAuditRecord(db, {
          action: 'submission.retention',
          actor: RETENTION_ACTOR,
          clientAddress: null,
          summary: { deleted, retentionDays: days, submittedBefore: cutoff, complete },
        });
        logger.info({ deleted, retentionDays: days, complete }, 'Retention run deleted old submissions');
      }
    },
  };
}
