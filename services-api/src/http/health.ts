import type { RouteOptions, Server } from '@hapi/hapi';
import { routes, SubmitRequest } from '@msp/shared';
import type { Database } from '../db/knex.js';
import { migrationSource } from '../db/migrations/index.js';
import type { JobWorker } from '../jobs/job-worker.js';
import type { Logger } from '../logger.js';
import { NO_STORE } from './caching.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './request-guards.js';

/** How long a readiness probe waits for the database before calling it unreachable. */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;
/** How long the warm-up waits for the whole pool to be open at once before going on with fewer. */
const POOL_OPEN_WAIT_MS = 5000;
/** Rounds of the hot reads and the submission check in the warm-up: enough for V8's inline caches. */
const WARM_ROUNDS = 10;

/** The public reads a visitor's first page views make, in the order the assessment makes them. */
const PUBLIC_READS = [
  routes.getConfig,
  routes.listPillars,
  routes.listDemographicFields,
  routes.getConsentStatement,
  routes.listAssessmentQuestions,
  routes.listMatrixCells,
];

const WARMING_UP = 'warming up';

/** The probes of a load balancer or an orchestrator: outside /api, so not in the access log at info. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/**
 * A probe's route: no session to look up and no cookie read (a load balancer has neither), and
 * nothing a cache may keep. Routes, not request hooks: a hook would run on every request there is.
 */
export const PROBE_ROUTE = {
  auth: false,
  state: { parse: false, failAction: 'ignore' },
  cache: { otherwise: NO_STORE },
  plugins: { crumb: false },
} satisfies RouteOptions;

export interface HealthOptions {
  db: Database;
  jobs: JobWorker;
  /** Whether this server runs the job worker; a server that leaves the jobs to others is ready without. */
  runsJobs: boolean;
  logger: Logger;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Opens every connection of the pool at once, so the first burst of requests does not pay for
 * connection setup and authentication (SCRAM costs each new connection several milliseconds of
 * CPU on both sides). Each holds its connection until all are open, or until the wait runs out
 * because requests hold the rest.
 */
async function openPool(db: Database, stopping: AbortSignal): Promise<void> {
  const size = (db.client.config as { pool?: { max?: number } }).pool?.max ?? 10;
  let opened = 0;
  let allOpen!: () => void;
  const everyOneOpen = new Promise<void>((resolve) => {
    allOpen = resolve;
  });
  // A stopping server's pool is about to close: it waits for every connection held here.
  stopping.addEventListener('abort', () => allOpen(), { once: true });
  await Promise.all(
    Array.from({ length: size }, () =>
      db.transaction(
        async (trx) => {
          await trx.raw('SELECT 1');
          opened += 1;
          if (opened === size) allOpen();
          await Promise.race([everyOneOpen, sleep(POOL_OPEN_WAIT_MS)]);
        },
        { readOnly: true },
      ),
    ),
  );
}

/**
 * Runs what a first burst of visitors needs, writing nothing: the pool's connections opened, the
 * public reads answered (which fills the content cache and compiles their code), and the
 * submission's input checked both ways (a refused one through the route, a valid one against the
 * contract's schema), so the first submissions do not pay for compiling any of it.
 */
async function warmUp(server: Server, db: Database, stopping: AbortSignal): Promise<void> {
  await openPool(db, stopping);
  const answers: Record<string, unknown> = {};
  for (let round = 0; round < WARM_ROUNDS; round += 1) {
    stopping.throwIfAborted();
    for (const route of PUBLIC_READS) {
      const response = await server.inject({ url: route.path, app: { internal: true } });
      if (response.statusCode !== 200) {
        throw new Error(`${route.method} ${route.path} answered ${response.statusCode}`);
      }
      answers[route.path] = response.result;
    }
    const refused = await server.inject({
      method: 'POST',
      url: routes.submitAssessment.path,
      payload: { demographicData: {}, answers: [{ questionId: 0, answerId: 0 }] },
      app: { internal: true },
    });
    if (refused.statusCode !== 400) {
      throw new Error(`An invalid submission was answered ${refused.statusCode}, not 400`);
    }
  }
  const questions = JSON.parse(String(answers[routes.listAssessmentQuestions.path])) as {
    id: number;
    answers: { id: number }[];
  }[];
  const fields = JSON.parse(String(answers[routes.listDemographicFields.path])) as { identifier: string }[];
  const submission = {
    demographicData: Object.fromEntries(fields.map((field) => [field.identifier, 'warm-up'])),
    answers: questions.map((question) => ({
      questionId: question.id,
      answerId: question.answers[0]?.id ?? 1,
    })),
  };
  for (let round = 0; round < WARM_ROUNDS; round += 1) SubmitRequest.parse(submission);
}

/**
 * What keeps the database from serving: unreachable, or migrations not applied. One query for both
 * checks, and one at a time: probes arriving while the database is slow share the one in flight
 * instead of queueing more for the pool.
 */
function databaseCheck(db: Database, migrations: string[]): () => Promise<string[]> {
  const check = async (): Promise<string[]> => {
    try {
      const rows = await withTimeout(
        db.select('name').from('knex_migrations') as Promise<{ name: string }[]>,
        DATABASE_CHECK_TIMEOUT_MS,
        `no answer within ${DATABASE_CHECK_TIMEOUT_MS} ms`,
      );
      const applied = new Set(rows.map((row) => row.name));
      const pending = migrations.filter((name) => !applied.has(name));
      return pending.length ? [`migrations pending: ${pending.join(', ')}`] : [];
    } catch (error) {
      // 42P01: no migrations table, so none applied.
      if ((error as { code?: unknown }).code === '42P01') return ['migrations pending: all'];
      return [`database unreachable: ${error instanceof Error ? error.message : String(error)}`];
    }
  };
  let checking: Promise<string[]> | undefined;
  return async () => {
    checking ??= check().finally(() => {
      checking = undefined;
    });
    return [...(await checking)];
  };
}

/**
 * Logs why the server is not ready, once each time the reasons change: a probe's answer is public,
 * and the database's error text says where the database is and how it is reached.
 */
function reasonsReporter(logger: Logger): (reasons: string[]) => void {
  let reported = '';
  return (reasons) => {
    const text = reasons.join('; ');
    if (text === reported) return;
    reported = text;
    if (!text) return;
    const startingUp = reasons.every((reason) => reason === WARMING_UP);
    logger[startingUp ? 'info' : 'warn']({ reasons }, 'Not ready for traffic');
  };
}

/**
 * `GET /healthz`: the process serves. `GET /readyz`: it can take traffic, checked at each probe (the
 * database answers within a short time and every migration is applied, the job worker runs, the hot
 * paths are warm) and answered 503 while it cannot, the reasons in the log; it recovers by itself.
 * The warm-up starts when the server starts listening, and again at a probe after a failed one.
 */
export async function registerHealth(server: Server, { db, jobs, runsJobs, logger }: HealthOptions) {
  const migrations = (await migrationSource.getMigrations([])).map((m) =>
    migrationSource.getMigrationName(m),
  );

  let warm = false;
  let warming: Promise<void> | undefined;
  let warmUpFailure: string | undefined;
  const stopping = new AbortController();
  server.ext('onPreStop', () => stopping.abort(new Error('the server is stopping')));
  const startWarmUp = () => {
    if (warm || warming || stopping.signal.aborted) return;
    const started = Date.now();
    warming = warmUp(server, db, stopping.signal)
      .then(
        () => {
          warm = true;
          warmUpFailure = undefined;
          logger.info({ ms: Date.now() - started }, 'Warmed up: ready for traffic');
        },
        (error: unknown) => {
          if (stopping.signal.aborted) return;
          warmUpFailure = error instanceof Error ? error.message : String(error);
          logger.warn({ err: error }, 'The warm-up failed; the next readiness probe tries again');
        },
      )
      .finally(() => {
        warming = undefined;
      });
  };
  server.ext('onPostStart', () => startWarmUp());

  const checkDatabase = databaseCheck(db, migrations);
  const report = reasonsReporter(logger);

  const ready = async (): Promise<string[]> => {
    const reasons = await checkDatabase();
    if (runsJobs && !jobs.started) reasons.push('the job worker is not running');
    if (!warm) {
      if (reasons.length === 0) startWarmUp();
      reasons.push(!warming && warmUpFailure ? `warm-up failed: ${warmUpFailure}` : WARMING_UP);
    }
    report(reasons);
    return reasons;
  };

  server.route([
    {
      method: 'GET',
      path: HEALTH_PATH,
      options: { ...PROBE_ROUTE, id: 'healthz' },
      handler: () => ({ status: 'ok' }),
    },
    {
      method: 'GET',
      path: READY_PATH,
      options: { ...PROBE_ROUTE, id: 'readyz' },
      handler: async (_request, h) => {
        const reasons = await ready();
        return reasons.length
          ? h
              .response({ status: 'not ready' })
              .code(503)
              .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
          : h.response({ status: 'ready' });
      },
    },
  ]);
}
