import type { Database } from '../../db/knex.js';
import { carryQueuedJobs, enqueueJob, type ClaimedJob } from '../../jobs/job-store.js';
import { JobFailure, type JobHandler } from '../../jobs/job-worker.js';
import { batchUpsertAll, type UpsertAllOptions } from './batch-upsert-all.js';
import { newestOfTheirAddresses, submissionsAfter } from './contact-reads.js';
import { HUBSPOT_BATCH_LIMIT, HubSpotError, type BatchInputError } from './hubspot-client.js';
import type { Connected, HubSpotService } from './hubspot-service.js';
import { StoredTokenError } from './hubspot-service.js';
import {
  passBackfillOn,
  readBackfillWalk,
  recordBackfillEnd,
  recordBackfillProgress,
  recordSync,
} from './hubspot-store.js';
import { contactProperties, type ContactRow } from './product-fields.js';
import { SyncLane } from './sync-lane.js';
import { backfillJob, SYNC_RETRY_DELAYS_MS } from './sync-queue.js';

/** The longest one attempt may take, as long as other jobs': the worker's lease follows the longest. */
const SYNC_TIMEOUT_MS = 60_000;

/**
 * Within an attempt, how long HubSpot's waits are sat through: a 429's Retry-After is at most its
 * 10-second window, and a server fault gets three more tries; past these, the attempt fails and
 * the job's own retries take over, so an attempt stays inside SYNC_TIMEOUT_MS.
 */
const WITHIN_AN_ATTEMPT: UpsertAllOptions = {
  maxAttempts: 4,
  backoffMs: [1_000, 4_000, 10_000],
  maxWaitMs: 15_000,
};

/** Submissions read per step of a backfill: five batch requests. */
const BACKFILL_PAGE = 5 * HUBSPOT_BATCH_LIMIT;

/** How long one job of a backfill goes on before it hands over to the next, well within its timeout. */
const BACKFILL_SLICE_MS = 30_000;

export interface SyncDeps {
  db: Database;
  service: Pick<HubSpotService, 'connected'>;
  publicUrl: string;
  nudge: () => void;
  /** How long one job of a backfill goes on; BACKFILL_SLICE_MS unless a test hands over sooner. */
  sliceMs?: number | undefined;
}

/**
 * Upserts leads as HubSpot contacts. The jobs of single submissions go out in batches: the ones
 * running together and every change queued by then, in one batch request; a job without a
 * submission is a part of a sync of every submission. HubSpot's 429s are waited out as long as it
 * asks, its server faults retried, and a failure is recorded in HubSpot's words for the
 * Integrations screen.
 */
export function hubspotSyncHandler(deps: SyncDeps): JobHandler {
  const lane = new SyncLane((jobs, signal) => syncChanges(deps, jobs, signal));
  return {
    timeoutMs: SYNC_TIMEOUT_MS,
    retryDelaysMs: SYNC_RETRY_DELAYS_MS,
    // Joined before anything is awaited, so the jobs the worker starts together share a batch.
    run: (job, signal) => (job.submissionId === null ? backfill(deps, job, signal) : lane.join(job, signal)),
  };
}

/**
 * The connection, or null when there is none (then there is nothing to do); a token that cannot be
 * read fails the job for good.
 */
async function connectedOrFailure(deps: SyncDeps): Promise<Connected | null> {
  try {
    return await deps.service.connected();
  } catch (error) {
    if (!(error instanceof StoredTokenError)) throw error;
    await recordSync(deps.db, { outcome: 'failed', contacts: 0, error: error.message });
    throw new JobFailure(error.message, { permanent: true });
  }
}

function contactsOf(rows: readonly ContactRow[], connected: Connected, publicUrl: string) {
  return rows.flatMap((row) =>
    row.email
      ? [{ email: row.email, properties: contactProperties(row, connected.row.field_mapping, publicUrl) }]
      : [],
  );
}

/** What HubSpot said of the contacts it refused while it took the rest. */
function refusedText(refused: readonly BatchInputError[]): string | null {
  if (refused.length === 0) return null;
  return `HubSpot refused ${refused.length} contact${refused.length === 1 ? '' : 's'}: ${refused[0]!.message}`;
}

/** The job failure for an attempt that HubSpot refused: retried unless HubSpot's answer says it is no use. */
function failureOf(error: unknown): unknown {
  if (!(error instanceof HubSpotError)) return error;
  return new JobFailure(error.message, {
    httpStatus: error.status ?? undefined,
    permanent: !error.isRetryable,
  });
}

/** Sends the batch's submissions and every change queued by then, while sync is on. */
async function syncChanges(deps: SyncDeps, jobs: readonly ClaimedJob[], signal: AbortSignal) {
  const connected = await connectedOrFailure(deps);
  if (!connected?.row.sync_enabled) return;
  const carried = await carryQueuedJobs(deps.db, jobs[0]!, HUBSPOT_BATCH_LIMIT - jobs.length);
  const { rows } = await newestOfTheirAddresses(deps.db, [
    ...jobs.map((job) => job.submissionId!),
    ...carried,
  ]);
  const contacts = contactsOf(rows, connected, deps.publicUrl);
  if (contacts.length === 0) return;
  try {
    const summary = await batchUpsertAll(connected.client, contacts, { ...WITHIN_AN_ATTEMPT, signal });
    await recordSync(deps.db, {
      outcome: summary.refused.length ? 'partial' : 'succeeded',
      contacts: summary.upserted,
      error: refusedText(summary.refused),
    });
  } catch (error) {
    if (error instanceof HubSpotError) {
      await recordSync(deps.db, {
        outcome: 'failed',
        contacts: contacts.length,
        error: error.hubspotMessage,
      });
    }
    throw failureOf(error);
  }
}

/**
 * Goes on with a sync of every submission from where it got to, a page at a time, oldest first,
 * recording its progress after each; after BACKFILL_SLICE_MS it hands over to a new job, so no
 * attempt outlasts its timeout however many submissions there are.
 */
async function backfill(deps: SyncDeps, job: ClaimedJob, signal: AbortSignal) {
  const { db } = deps;
  const connected = await connectedOrFailure(deps);
  if (!connected) return;
  // A job of a backfill that finished or was started over has nothing left to do. Read afresh: the
  // connection the service keeps does not follow a hand-over from one job to the next.
  const current = await db('hubspot_connection')
    .where({ id: 1 })
    .first<{ backfill_job_id: string | number | null; backfill_finished_at: Date | null } | undefined>(
      'backfill_job_id',
      'backfill_finished_at',
    );
  if (!current || current.backfill_finished_at || String(current.backfill_job_id) !== String(job.id)) return;
  const walk = await readBackfillWalk(db);
  if (!walk) return;
  let { after, done, skipped } = walk;
  const handOverAt = Date.now() + (deps.sliceMs ?? BACKFILL_SLICE_MS);
  try {
    for (;;) {
      const page = await submissionsAfter(db, after, walk.until, BACKFILL_PAGE);
      const contacts = contactsOf(page, connected, deps.publicUrl);
      if (contacts.length > 0) {
        const summary = await batchUpsertAll(connected.client, contacts, { ...WITHIN_AN_ATTEMPT, signal });
        const refused = refusedText(summary.refused);
        if (refused) await recordSync(db, { outcome: 'partial', contacts: summary.upserted, error: refused });
      }
      const last = page.at(-1);
      if (last) {
        after = { at: last.walk_at, id: last.id };
        done += page.length;
        skipped += page.length - contacts.length;
        await recordBackfillProgress(db, { afterAt: after.at, afterId: after.id, done, skipped });
      }
      if (page.length < BACKFILL_PAGE) {
        await recordBackfillEnd(db, { finished: true });
        return;
      }
      if (Date.now() >= handOverAt) {
        await db.transaction(async (trx) => passBackfillOn(trx, await enqueueJob(trx, backfillJob())));
        deps.nudge();
        return;
      }
    }
  } catch (error) {
    if (error instanceof HubSpotError) {
      await recordBackfillEnd(db, { finished: false, error: error.hubspotMessage });
    }
    throw failureOf(error);
  }
}
