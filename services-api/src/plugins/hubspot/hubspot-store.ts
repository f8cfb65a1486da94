import type { HubSpotBackfill, HubSpotLastSync } from '@msp/shared';
import type { Executor } from '../../db/knex.js';

/** What a change to the connection tells every instance: their sync switch reads it again. */
export const HUBSPOT_CHANNEL = 'msp_hubspot_changed';

/** The one row of hubspot_connection (see its migration). */
export interface HubSpotConnectionRow {
  id: number;
  access_token_sealed: string;
  token_last_four: string;
  /** bigint: pg hands it over as text. */
  portal_id: string | null;
  field_mapping: Record<string, string>;
  sync_enabled: boolean;
  connected_at: Date;
  connected_by: number | null;
  last_sync_at: Date | null;
  last_sync_outcome: HubSpotLastSync['outcome'] | null;
  last_sync_contacts: number | null;
  last_sync_error: string | null;
  backfill_started_at: Date | null;
  backfill_finished_at: Date | null;
  backfill_total: number | null;
  backfill_done: number | null;
  backfill_skipped: number | null;
  backfill_error: string | null;
  backfill_after_at: Date | null;
  backfill_after_id: string | null;
  backfill_job_id: string | null;
}

/** A stored message is for a person to read: HubSpot's whole error document is not. */
const MESSAGE_MAX_LENGTH = 1000;

function clip(text: string | null): string | null {
  return text && text.length > MESSAGE_MAX_LENGTH ? `${text.slice(0, MESSAGE_MAX_LENGTH - 1)}…` : text;
}

/** The connection, or undefined while none is made. */
export async function readConnection(db: Executor): Promise<HubSpotConnectionRow | undefined> {
  return db<HubSpotConnectionRow>('hubspot_connection').where({ id: 1 }).first();
}

/** The connection, its row locked until the transaction ends: one change of it at a time. */
export async function lockConnection(trx: Executor): Promise<HubSpotConnectionRow | undefined> {
  return trx<HubSpotConnectionRow>('hubspot_connection').where({ id: 1 }).forUpdate().first();
}

export interface NewConnection {
  sealedToken: string;
  lastFour: string;
  portalId: number | null;
  connectedBy: number | null;
}

/**
 * Stores a checked token. A new token for the same account (one that replaces a revoked token)
 * keeps the mapping and the sync switch; another account starts with neither, since its
 * properties are not the ones mapped.
 */
export async function storeConnection(trx: Executor, connection: NewConnection): Promise<void> {
  await trx.raw(
    `INSERT INTO hubspot_connection (id, access_token_sealed, token_last_four, portal_id, connected_by)
     VALUES (1, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET
       access_token_sealed = EXCLUDED.access_token_sealed,
       token_last_four = EXCLUDED.token_last_four,
       portal_id = EXCLUDED.portal_id,
       connected_by = EXCLUDED.connected_by,
       connected_at = now(),
       field_mapping = CASE WHEN hubspot_connection.portal_id IS DISTINCT FROM EXCLUDED.portal_id
         THEN '{}'::jsonb ELSE hubspot_connection.field_mapping END,
       sync_enabled = hubspot_connection.sync_enabled
         AND hubspot_connection.portal_id IS NOT DISTINCT FROM EXCLUDED.portal_id`,
    [connection.sealedToken, connection.lastFour, connection.portalId, connection.connectedBy],
  );
}

export async function deleteConnection(trx: Executor): Promise<void> {
  await trx('hubspot_connection').where({ id: 1 }).delete();
}

export async function updateConnection(
  trx: Executor,
  values: Partial<Pick<HubSpotConnectionRow, 'sync_enabled'>> & { field_mapping?: Record<string, string> },
): Promise<void> {
  const { field_mapping, ...rest } = values;
  await trx('hubspot_connection')
    .where({ id: 1 })
    .update({ ...rest, ...(field_mapping && { field_mapping: JSON.stringify(field_mapping) }) });
}

/** How a sync of new submissions and status changes went; an error in HubSpot's own words. */
export async function recordSync(
  db: Executor,
  sync: Pick<HubSpotLastSync, 'outcome' | 'contacts' | 'error'>,
): Promise<void> {
  await db('hubspot_connection')
    .where({ id: 1 })
    .update({
      last_sync_at: db.fn.now(),
      last_sync_outcome: sync.outcome,
      last_sync_contacts: sync.contacts,
      last_sync_error: clip(sync.error),
    });
}

/** Starts a backfill's bookkeeping: its count, no progress yet, the job that runs it. */
export async function startBackfillRecord(trx: Executor, total: number, jobId: number): Promise<void> {
  await trx('hubspot_connection').where({ id: 1 }).update({
    backfill_started_at: trx.fn.now(),
    backfill_finished_at: null,
    backfill_total: total,
    backfill_done: 0,
    backfill_skipped: 0,
    backfill_error: null,
    backfill_after_at: null,
    backfill_after_id: null,
    backfill_job_id: jobId,
  });
}

/** Where a backfill has got to: the last submission gone through, and how many so far. */
export interface BackfillProgress {
  /** PostgreSQL's text of the time: see `WalkPosition`. */
  afterAt: string;
  afterId: string;
  done: number;
  skipped: number;
}

export async function recordBackfillProgress(db: Executor, progress: BackfillProgress): Promise<void> {
  await db('hubspot_connection')
    .where({ id: 1 })
    .update({
      backfill_after_at: db.raw('?::timestamptz', [progress.afterAt]),
      backfill_after_id: progress.afterId,
      backfill_done: progress.done,
      backfill_skipped: progress.skipped,
      backfill_error: null,
    });
}

/** Ends a backfill (error null) or notes why its last attempt failed (it may be retried). */
export async function recordBackfillEnd(
  db: Executor,
  outcome: { finished: true } | { finished: false; error: string },
): Promise<void> {
  await db('hubspot_connection')
    .where({ id: 1 })
    .update(
      outcome.finished
        ? { backfill_finished_at: db.fn.now(), backfill_error: null }
        : { backfill_error: clip(outcome.error) },
    );
}

/**
 * Where the running backfill is: until when it walks (its start), where it has got to, and its
 * counts; the times as PostgreSQL's text (see `WalkPosition`).
 */
export interface BackfillWalk {
  until: string;
  after: { at: string; id: string } | null;
  done: number;
  skipped: number;
}

export async function readBackfillWalk(db: Executor): Promise<BackfillWalk | null> {
  const { rows } = await db.raw<{
    rows: {
      until: string;
      after_at: string | null;
      after_id: string | null;
      done: number | null;
      skipped: number | null;
    }[];
  }>(
    `SELECT backfill_started_at::text AS until, backfill_after_at::text AS after_at,
       backfill_after_id AS after_id, backfill_done AS done, backfill_skipped AS skipped
     FROM hubspot_connection WHERE id = 1 AND backfill_started_at IS NOT NULL`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    until: row.until,
    after: row.after_at && row.after_id ? { at: row.after_at, id: row.after_id } : null,
    done: row.done ?? 0,
    skipped: row.skipped ?? 0,
  };
}

/** Hands a backfill on to the job that goes on with it. */
export async function passBackfillOn(trx: Executor, jobId: number): Promise<void> {
  await trx('hubspot_connection').where({ id: 1 }).update({ backfill_job_id: jobId });
}

/**
 * The connection with the state of its backfill's job, read in one statement, so in one snapshot:
 * a hand-over to the next job (one transaction) or the end (recorded before its job completes) is
 * seen whole or not at all. Read apart, the row could name a job that had just handed over and
 * completed, which reads as a backfill that stopped unfinished.
 */
export async function readConnectionForStatus(
  db: Executor,
): Promise<(HubSpotConnectionRow & { backfill_job_status: string | null }) | undefined> {
  return db('hubspot_connection as c')
    .leftJoin('jobs as j', 'j.id', 'c.backfill_job_id')
    .where('c.id', 1)
    .first<(HubSpotConnectionRow & { backfill_job_status: string | null }) | undefined>(
      'c.*',
      'j.status as backfill_job_status',
    );
}

/** The state of the backfill's job: whether it is still going, or was given up. */
export function backfillJobStatus(
  row: Pick<HubSpotConnectionRow, 'backfill_job_id'> & { backfill_job_status: string | null },
): 'unfinished' | 'succeeded' | 'failed' | null {
  if (row.backfill_job_id === null || row.backfill_job_status === null) return null;
  if (row.backfill_job_status === 'queued' || row.backfill_job_status === 'running') return 'unfinished';
  return row.backfill_job_status === 'failed' ? 'failed' : 'succeeded';
}

/** The backfill as the panel shows it. */
export function backfillOf(
  row: HubSpotConnectionRow,
  jobStatus: Awaited<ReturnType<typeof backfillJobStatus>>,
): HubSpotBackfill | null {
  if (!row.backfill_started_at) return null;
  const finished = row.backfill_finished_at !== null;
  return {
    state: finished ? 'finished' : jobStatus === 'unfinished' ? 'running' : 'failed',
    total: row.backfill_total ?? 0,
    done: row.backfill_done ?? 0,
    skipped: row.backfill_skipped ?? 0,
    startedAt: row.backfill_started_at.toISOString(),
    finishedAt: row.backfill_finished_at?.toISOString() ?? null,
    error: row.backfill_error ?? (finished || jobStatus === 'unfinished' ? null : 'It stopped unfinished.'),
  };
}

/** The last sync as the panel shows it. */
export function lastSyncOf(row: HubSpotConnectionRow): HubSpotLastSync | null {
  if (!row.last_sync_at || !row.last_sync_outcome) return null;
  return {
    at: row.last_sync_at.toISOString(),
    outcome: row.last_sync_outcome,
    contacts: row.last_sync_contacts ?? 0,
    error: row.last_sync_error,
  };
}

/** Changes waiting for the next sync: queued jobs of single submissions (read from their own index). */
export async function pendingSyncs(db: Executor): Promise<number> {
  const row = await db('jobs')
    .where({ kind: 'hubspot_sync', status: 'queued' })
    .whereNotNull('submission_id')
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}
