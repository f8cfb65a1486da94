import type { JobKind } from '@msp/shared';
import type { Database, Executor } from '../db/knex.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A job as a worker holds it after claiming it. */
export interface ClaimedJob {
  id: number;
  kind: JobKind;
  submissionId: string | null;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

/** What one attempt came to, as recorded in job_attempts. */
export interface AttemptRecord {
  worker: string;
  startedAt: Date;
  finishedAt: Date;
  httpStatus?: number | undefined;
  error?: string | undefined;
}

export interface NewJob {
  kind: JobKind;
  submissionId: string | null;
  payload?: Record<string, unknown>;
  maxAttempts: number;
  /** No two jobs ever share one: see `enqueueJobOnce`. */
  uniqueKey?: string;
  /** When it is due; at once when left out. */
  runAt?: Date;
}

interface JobRow {
  id: string | number;
  kind: JobKind;
  submission_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** Errors are stored for people to read; a receiver's whole HTML error page is not. */
const ERROR_MAX_LENGTH = 1000;

function clip(text: string | undefined): string | null {
  if (!text) return null;
  return text.length > ERROR_MAX_LENGTH ? `${text.slice(0, ERROR_MAX_LENGTH - 1)}…` : text;
}

/** A job's row as inserted, for a caller that writes it inside a larger statement (the outbox). */
export function jobRow(job: NewJob): Record<string, unknown> {
  return {
    kind: job.kind,
    submission_id: job.submissionId,
    payload: JSON.stringify(job.payload ?? {}),
    max_attempts: job.maxAttempts,
    ...(job.uniqueKey === undefined ? {} : { unique_key: job.uniqueKey }),
    ...(job.runAt === undefined ? {} : { run_at: job.runAt }),
  };
}

/**
 * Empties a job's payload: for a job that held what must not outlive it (an address a stranger
 * typed), once nothing will run it again.
 */
export async function forgetJobPayload(db: Executor, jobId: number): Promise<void> {
  await db('jobs')
    .where({ id: jobId })
    .update({ payload: JSON.stringify({}) });
}

/** Queues one job, due at once; returns its id. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<number> {
  const [row] = await db('jobs').insert(jobRow(job)).returning<{ id: string | number }[]>('id');
  return Number(row!.id);
}

/**
 * Queues a job under its unique key unless a job with that key was ever queued (by this instance
 * or another on the database, now or before a restart); says whether this call queued it.
 */
export async function enqueueJobOnce(db: Executor, job: NewJob & { uniqueKey: string }): Promise<boolean> {
  const rows = await db('jobs').insert(jobRow(job)).onConflict('unique_key').ignore().returning('id');
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs for `worker`: queued jobs whose time has come, and running jobs
 * whose lease ran out (their worker died). SKIP LOCKED lets any number of workers claim side by
 * side without waiting on or taking each other's rows. The lease is written into run_at.
 */
export async function claimDueJobs(
  db: Database,
  worker: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedJob[]> {
  const { rows } = await db.raw<{ rows: JobRow[] }>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ?,
       run_at = now() + make_interval(secs => ?)
     WHERE id IN (
       SELECT id FROM jobs
       WHERE status IN ('queued', 'running') AND run_at <= now()
       ORDER BY run_at, id
       LIMIT ?
       FOR UPDATE SKIP LOCKED
     )
     RETURNING id, kind, submission_id, payload, attempts, max_attempts`,
    [worker, leaseMs / 1000, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    submissionId: row.submission_id,
    payload: row.payload ?? {},
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
  }));
}

/**
 * Settles a claimed job and records the attempt, in one statement (one round trip: a busy worker
 * settles hundreds of jobs a second). The update is fenced by the worker and attempt number: a
 * worker whose lease ran out and whose job another worker has claimed since changes nothing, and
 * then no attempt is recorded either.
 */
async function settle(
  db: Database,
  job: ClaimedJob,
  record: AttemptRecord,
  outcome: 'succeeded' | 'retrying' | 'failed' | 'released',
  update: Record<string, unknown>,
): Promise<boolean> {
  const fencedUpdate = db('jobs')
    .where({ id: job.id, locked_by: record.worker, attempts: job.attempt, status: 'running' })
    .update(update)
    .returning('id');
  // Typed parameters: in INSERT … SELECT they would otherwise be taken as text.
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `WITH settled AS (?)
     INSERT INTO job_attempts (job_id, attempt, worker, started_at, finished_at, duration_ms, outcome, http_status, error)
     SELECT id, ?::integer, ?::text, ?::timestamptz, ?::timestamptz, ?::integer, ?::text, ?::integer, ?::text
     FROM settled
     RETURNING job_id`,
    [
      fencedUpdate,
      job.attempt,
      record.worker,
      record.startedAt,
      record.finishedAt,
      Math.max(0, Math.round(record.finishedAt.getTime() - record.startedAt.getTime())),
      outcome,
      record.httpStatus ?? null,
      clip(record.error),
    ],
  );
  return rows.length > 0;
}

export function completeJob(db: Database, job: ClaimedJob, record: AttemptRecord): Promise<boolean> {
  return settle(db, job, record, 'succeeded', {
    status: 'succeeded',
    finished_at: record.finishedAt,
    locked_by: null,
    last_error: null,
  });
}

/** Schedules the next attempt after `delayMs`, or fails the job when `delayMs` is null. */
export function failAttempt(
  db: Database,
  job: ClaimedJob,
  record: AttemptRecord,
  delayMs: number | null,
): Promise<boolean> {
  const error = clip(record.error);
  if (delayMs === null) {
    return settle(db, job, record, 'failed', {
      status: 'failed',
      finished_at: record.finishedAt,
      locked_by: null,
      last_error: error,
    });
  }
  return settle(db, job, record, 'retrying', {
    status: 'queued',
    run_at: db.raw('now() + make_interval(secs => ?)', [delayMs / 1000]),
    locked_by: null,
    last_error: error,
  });
}

/**
 * Gives a job back unfinished (the server is stopping): due again at once for any worker, and the
 * interrupted attempt does not count against its limit.
 */
export function releaseJob(db: Database, job: ClaimedJob, record: AttemptRecord): Promise<boolean> {
  return settle(db, job, record, 'released', {
    status: 'queued',
    run_at: db.fn.now(),
    attempts: job.attempt - 1,
    locked_by: null,
  });
}

/**
 * Folds queued jobs of the running `job`'s kind into it, for work one call does for many (a batch
 * upsert to a CRM): up to `limit` submission jobs no worker holds are settled as succeeded, noting
 * the job that carried them, and their submission ids join the ids `job` already carries in its
 * payload (`carried`), in one transaction, so a retry of `job` still has them. Returns every id it
 * carries; none when `job` is no longer this attempt's (its lease ran out and another took it).
 */
export async function carryQueuedJobs(db: Database, job: ClaimedJob, limit: number): Promise<string[]> {
  return db.transaction(async (trx) => {
    const own = await trx('jobs')
      .where({ id: job.id, status: 'running', attempts: job.attempt })
      .forUpdate()
      .first<{ payload: Record<string, unknown> } | undefined>('payload');
    if (!own) return [];
    const before = Array.isArray(own.payload.carried) ? (own.payload.carried as string[]) : [];
    const room = Math.max(0, limit - before.length);
    const { rows } = await trx.raw<{ rows: { submission_id: string }[] }>(
      `UPDATE jobs SET status = 'succeeded', finished_at = now(), payload = payload || ?::jsonb
       WHERE id IN (
         SELECT id FROM jobs
         WHERE kind = ? AND status = 'queued' AND submission_id IS NOT NULL AND id <> ?
         ORDER BY run_at, id
         LIMIT ?
         FOR UPDATE SKIP LOCKED
       )
       RETURNING submission_id`,
      [JSON.stringify({ carriedBy: job.id }), job.kind, job.id, room],
    );
    const carried = [...new Set([...before, ...rows.map((row) => row.submission_id)])];
    if (rows.length > 0) {
      await trx('jobs')
        .where({ id: job.id })
        .update({ payload: JSON.stringify({ ...own.payload, carried }) });
    }
    return carried;
  });
}

/** Whether a submission still has unfinished work of a kind. */
export async function hasUnfinishedJob(db: Executor, submissionId: string, kind: JobKind): Promise<boolean> {
  const row = await db('jobs')
    .where({ submission_id: submissionId, kind })
    .whereIn('status', ['queued', 'running'])
    .first('id');
  return row !== undefined;
}

export interface JobWithAttempts {
  id: number;
  status: JobStatus;
  payload: Record<string, unknown>;
  createdAt: Date;
  runAt: Date;
  attempts: {
    attempt: number;
    startedAt: Date;
    durationMs: number;
    outcome: string;
    httpStatus: number | null;
    error: string | null;
  }[];
}

/** A submission's jobs of one kind with their attempts: newest job first, attempts oldest first. */
export async function jobsOfSubmission(
  db: Executor,
  submissionId: string,
  kind: JobKind,
): Promise<JobWithAttempts[]> {
  const jobs = await db('jobs')
    .where({ submission_id: submissionId, kind })
    .orderBy('id', 'desc')
    .select('id', 'status', 'payload', 'created_at', 'run_at');
  if (jobs.length === 0) return [];
  const attempts = await db('job_attempts')
    .whereIn(
      'job_id',
      jobs.map((j) => j.id),
    )
    .orderBy(['job_id', 'id'])
    .select('job_id', 'attempt', 'started_at', 'duration_ms', 'outcome', 'http_status', 'error');
  return jobs.map((job) => ({
    id: Number(job.id),
    status: job.status,
    payload: job.payload ?? {},
    createdAt: new Date(job.created_at),
    runAt: new Date(job.run_at),
    attempts: attempts
      .filter((a) => Number(a.job_id) === Number(job.id))
      .map((a) => ({
        attempt: a.attempt,
        startedAt: new Date(a.started_at),
        durationMs: a.duration_ms,
        outcome: a.outcome,
        httpStatus: a.http_status,
        error: a.error,
      })),
  }));
}

/** A job whose last attempt failed, as the admin's integrations screen lists it. */
export interface FailedJob {
  id: number;
  kind: JobKind;
  status: 'retrying' | 'failed';
  submissionId: string | null;
  at: Date;
  error: string;
  attempts: number;
  maxAttempts: number;
}

/**
 * The jobs whose latest failure is among the most recent, newest first: each job once, with its
 * last failed attempt, unless it has succeeded since. Read from the failures-only index.
 */
export async function recentFailures(db: Executor, limit: number): Promise<FailedJob[]> {
  const { rows } = await db.raw<{
    rows: {
      id: string | number;
      kind: JobKind;
      status: JobStatus;
      submission_id: string | null;
      attempts: number;
      max_attempts: number;
      finished_at: Date;
      error: string | null;
    }[];
  }>(
    `SELECT j.id, j.kind, j.status, j.submission_id, j.attempts, j.max_attempts, f.finished_at, f.error
     FROM (
       SELECT DISTINCT ON (job_id) job_id, finished_at, error
       FROM (
         SELECT job_id, finished_at, error FROM job_attempts
         WHERE outcome IN ('retrying', 'failed')
         ORDER BY finished_at DESC
         LIMIT ?
       ) latest
       ORDER BY job_id, finished_at DESC
     ) f
     JOIN jobs j ON j.id = f.job_id
     WHERE j.status <> 'succeeded'
     ORDER BY f.finished_at DESC, j.id DESC
     LIMIT ?`,
    // A job retried many times fills several of the latest failures: read enough to still find `limit` jobs.
    [limit * 10, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    // A job between attempts is queued or running again; its last attempt is what failed.
    status: row.status === 'failed' ? 'failed' : 'retrying',
    submissionId: row.submission_id,
    at: new Date(row.finished_at),
    error: row.error ?? 'failed without a message',
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  }));
}
