import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppMetrics, SubmissionRefusal } from '../../app-context.js';
import type { Database } from '../../db/knex.js';
import { JOB_KINDS, type JobKind } from '@msp/shared';
import type { AttemptOutcome } from '../../jobs/job-worker.js';
import type { Logger } from '../../logger.js';

/** The first digit of an HTTP status, as Prometheus users group them. */
export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

const SUBMISSION_REFUSALS: readonly SubmissionRefusal[] = ['validation', 'rate-limit', 'spam'];
const ATTEMPT_OUTCOMES: readonly AttemptOutcome[] = ['succeeded', 'retried', 'failed', 'dead', 'released'];
/** The unfinished statuses: the ones the partial index `jobs_due_index` holds. */
const QUEUE_STATUSES = ['queued', 'running'] as const;

/** Which jobs deliver something to someone outside, and by what channel. */
const DELIVERY_CHANNEL: Partial<Record<JobKind, 'email' | 'webhook'>> = {
  email: 'email',
  invite_email: 'email',
  password_reset: 'email',
  visitor_sign_in: 'email',
  reassess_reminder: 'email',
  draft_link: 'email',
  team_invite: 'email',
  webhook: 'webhook',
};

/**
 * From a millisecond (a cached public read) to the ten seconds a slow export may take, with the
 * submit's p99 budget of 100 ms (docs/benchmarks.md) as a bound of its own.
 */
const DURATION_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The fields of knex's tarn pool read here; knex types its client loosely. */
interface PoolCounts {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

interface QueueRow {
  kind: string;
  status: string;
  count: number;
  oldest_due_s: number | null;
}

/**
 * One server's metrics, in a registry of its own (not prom-client's global one), so several
 * servers in one process (the tests) each count their own. The resources count through the narrow
 * `AppMetrics`; the job worker through `jobAttempt`; the queue and the pool are read at scrape time.
 */
export class ServerMetrics implements AppMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'route' | 'status_class'>;
  private readonly submissionsAccepted: Counter;
  private readonly submissionsRefused: Counter<'reason'>;
  private readonly jobAttempts: Counter<'kind' | 'outcome'>;
  private readonly deliveryFailures: Counter<'channel'>;
  private readonly jobs: Gauge<'kind' | 'status'>;
  private readonly oldestDueJob: Gauge<'kind'>;
  private readonly pool: Gauge<'state'>;
  private readonly poolPendingAcquires: Gauge;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {
    const registers = [this.registry];
    // Process memory, CPU, handles and the event loop's delay (a histogram of its own).
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'msp_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by contract route name and status class',
      labelNames: ['route', 'status_class'],
      buckets: DURATION_BUCKETS_S,
      registers,
    });
    this.submissionsAccepted = new Counter({
      name: 'msp_submissions_accepted_total',
      help: 'Assessments stored',
      registers,
    });
    this.submissionsRefused = new Counter({
      name: 'msp_submissions_refused_total',
      help: "Assessments not stored, by reason: invalid input, the address's rate limit, or a bot's hidden field",
      labelNames: ['reason'],
      registers,
    });
    this.jobAttempts = new Counter({
      name: 'msp_job_attempts_total',
      help: 'Job attempts recorded, by kind and outcome (retried: another follows; failed: a permanent failure; dead: the last attempt failed)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.deliveryFailures = new Counter({
      name: 'msp_delivery_failures_total',
      help: 'Email and webhook delivery attempts that failed, by channel',
      labelNames: ['channel'],
      registers,
    });
    this.jobs = new Gauge({
      name: 'msp_jobs',
      help: 'Unfinished jobs, by kind and status (running: claimed by a worker)',
      labelNames: ['kind', 'status'],
      registers,
    });
    this.oldestDueJob = new Gauge({
      name: 'msp_jobs_oldest_due_age_seconds',
      help: 'How long the longest-waiting due job has been due, by kind; 0 when none is waiting',
      labelNames: ['kind'],
      registers,
    });
    this.pool = new Gauge({
      name: 'msp_db_pool_connections',
      help: 'Database pool connections, by state: used (checked out) or free (idle)',
      labelNames: ['state'],
      registers,
    });
    this.poolPendingAcquires = new Gauge({
      name: 'msp_db_pool_pending_acquires',
      help: 'Queries waiting for a database connection from the pool',
      registers,
    });

    // Every series exists from the start, at 0: an alert on a rate then sees the first increase.
    this.submissionsAccepted.inc(0);
    for (const reason of SUBMISSION_REFUSALS) this.submissionsRefused.inc({ reason }, 0);
    for (const kind of JOB_KINDS) {
      for (const outcome of ATTEMPT_OUTCOMES) this.jobAttempts.inc({ kind, outcome }, 0);
    }
    for (const channel of new Set(Object.values(DELIVERY_CHANNEL))) this.deliveryFailures.inc({ channel }, 0);
  }

  submissionAccepted(): void {
    this.submissionsAccepted.inc();
  }

  submissionRefused(reason: SubmissionRefusal): void {
    this.submissionsRefused.inc({ reason });
  }

  /** The job worker's `onAttempt`. */
  jobAttempt(kind: JobKind, outcome: AttemptOutcome): void {
    this.jobAttempts.inc({ kind, outcome });
    const channel = DELIVERY_CHANNEL[kind];
    if (channel && (outcome === 'retried' || outcome === 'failed' || outcome === 'dead')) {
      this.deliveryFailures.inc({ channel });
    }
  }

  /** Records one answered request; `route` is a contract name or another bounded route label. */
  observeRequest(route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ route, status_class: statusClass(status) }, seconds);
  }

  /** The text Prometheus reads, with the queue and the pool as they are now. */
  async scrape(): Promise<string> {
    await this.readQueue();
    this.readPool();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * One query over the partial index of unfinished jobs: its size stays that of the queue, however
   * many jobs have finished. A running job's run_at is the end of its lease, so one whose lease ran
   * out counts as due, as it is to the workers.
   */
  private async readQueue(): Promise<void> {
    let rows: QueueRow[];
    try {
      ({ rows } = await this.db.raw<{ rows: QueueRow[] }>(
        `SELECT kind, status, count(*)::integer AS count,
           extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now()))::float8 AS oldest_due_s
         FROM jobs WHERE status IN ('queued', 'running')
         GROUP BY kind, status`,
      ));
    } catch (error) {
      // The rest of the scrape still says what it knows; a stale queue figure would mislead.
      this.logger.warn({ err: error }, 'Metrics: could not read the job queue');
      this.jobs.reset();
      this.oldestDueJob.reset();
      return;
    }
    const oldest = new Map<string, number>();
    for (const kind of JOB_KINDS) {
      for (const status of QUEUE_STATUSES) this.jobs.set({ kind, status }, 0);
      oldest.set(kind, 0);
    }
    for (const row of rows) {
      this.jobs.set({ kind: row.kind, status: row.status }, row.count);
      oldest.set(row.kind, Math.max(oldest.get(row.kind) ?? 0, row.oldest_due_s ?? 0));
    }
    for (const [kind, seconds] of oldest) this.oldestDueJob.set({ kind }, seconds);
  }

  private readPool(): void {
    // Absent until knex has made its pool, and absent again once it is destroyed.
    const pool = (this.db.client as { pool?: Partial<PoolCounts> }).pool;
    if (typeof pool?.numUsed !== 'function') return;
    const counts = pool as PoolCounts;
    this.pool.set({ state: 'used' }, counts.numUsed());
    this.pool.set({ state: 'free' }, counts.numFree());
    this.poolPendingAcquires.set(counts.numPendingAcquires());
  }
}

export function statusClass(status: number): StatusClass {
  const digit = Math.min(5, Math.max(1, Math.floor(status / 100)));
  return `${digit}xx` as StatusClass;
}
