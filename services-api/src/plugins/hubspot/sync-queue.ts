import type { Database, Executor } from '../../db/knex.js';
import type { NewJob } from '../../jobs/job-store.js';
import type { Logger } from '../../logger.js';

/**
 * How long a change waits before it is sent. The job that sends it takes every change queued by
 * then into the same batch request, so a submission and the status set on it moments later, or a
 * status set on fifty leads at once, cost HubSpot one request, not one each.
 */
export const SYNC_DELAY_MS = 2_000;

/**
 * Waits before the 2nd, 3rd, … attempt of a sync: each attempt already waits out HubSpot's 429s and
 * retries its server faults for a while, so these are for an outage, over about a day.
 */
export const SYNC_RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  3_600_000,
  4 * 3_600_000,
  12 * 3_600_000,
] as const;

const SYNC_MAX_ATTEMPTS = SYNC_RETRY_DELAYS_MS.length + 1;

/** The sync of one submission's contact: written with the submission (the outbox) or its change. */
export function syncJob(submissionId: string, now = Date.now()): NewJob {
  return {
    kind: 'hubspot_sync',
    submissionId,
    maxAttempts: SYNC_MAX_ATTEMPTS,
    runAt: new Date(now + SYNC_DELAY_MS),
  };
}

/** A part of a sync of every submission: it goes on from where the connection row says. */
export function backfillJob(): NewJob {
  return {
    kind: 'hubspot_sync',
    submissionId: null,
    payload: { backfill: true },
    maxAttempts: SYNC_MAX_ATTEMPTS,
  };
}

/**
 * Queues the sync of changed submissions in the change's transaction, while HubSpot is connected
 * with sync on (read in the same statement, so a sync turned off meanwhile queues nothing).
 */
export async function queueHubSpotSync(trx: Executor, submissionIds: readonly string[]): Promise<void> {
  if (submissionIds.length === 0) return;
  await trx.raw(
    `INSERT INTO jobs (kind, submission_id, payload, max_attempts, run_at)
     SELECT 'hubspot_sync', id, '{}'::jsonb, ?, now() + make_interval(secs => ?)
     FROM unnest(?::uuid[]) AS id
     WHERE EXISTS (SELECT 1 FROM hubspot_connection WHERE sync_enabled)`,
    [SYNC_MAX_ATTEMPTS, SYNC_DELAY_MS / 1000, [...submissionIds]],
  );
}

/**
 * Whether new submissions are queued for HubSpot, kept in memory so the submit path reads no row:
 * read at start, and again whenever any instance changes the connection (NOTIFY) or this one does.
 * A submission stored in the moment before the news arrives is not queued; a sync of every
 * submission covers it.
 */
export class SyncSwitch {
  private on = false;
  private reads = 0;

  constructor(
    private readonly db: Database,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** Reads the switch; a read overtaken by a later one is dropped. */
  async refresh(): Promise<void> {
    const read = ++this.reads;
    try {
      const row = await this.db('hubspot_connection')
        .where({ id: 1 })
        .first<{ sync_enabled: boolean } | undefined>('sync_enabled');
      if (read === this.reads) this.on = row?.sync_enabled === true;
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not read whether HubSpot sync is on; keeping what was known');
    }
  }

  /** The jobs a new submission queues for HubSpot: its sync, while sync is on. */
  jobsFor(submissionId: string): NewJob[] {
    return this.on ? [syncJob(submissionId)] : [];
  }
}
