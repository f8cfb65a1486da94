import { defineConfig } from 'vitest/config';

/** The API test files CI runs on the oldest and the newest supported Node.js: see the api-runtime project. */
const NODE_RUNTIME_TESTS = [
  // Processes, signals, exit and the log written at exit.
  'main.test.ts',
  'cli.test.ts',
  'shutdown.test.ts',
  'log-destination.test.ts',
  'logger.test.ts',
  // A child process (the embedded PostgreSQL) and file locks.
  'db/embedded-postgres.test.ts',
  'db/data-dir-lock.test.ts',
  // The HTTP server's timeouts and limits, streamed answers, compression and ETags.
  'http/request-guards.test.ts',
  'http/streamed-answers.test.ts',
  'http/caching.test.ts',
  'plugins/submissions/export/export-limits.test.ts',
  'plugins/submissions/export/xlsx-writer.test.ts',
  // Outgoing requests: fetch, DNS and address checks, TLS and SMTP.
  'http/outgoing.test.ts',
  'plugins/submissions/webhooks.test.ts',
  'mail/mailer.test.ts',
  'analysis/openai-analyst.test.ts',
  'plugins/auth/oidc/oidc.test.ts',
  // Crypto: password hashes, tokens, sealed cookies.
  'domain/passwords.test.ts',
  'plugins/auth/session-cookies.test.ts',
  // Timers and the event loop's measures.
  'plugins/metrics/metrics.test.ts',
];

/**
 * Test files do not each get a fresh module graph: a worker loads the product's code once and runs
 * file after file on it. Isolated, every API or page test file evaluated the whole server again
 * (hundreds of modules through Vite's module runner): 709 of the API lane's 1,197 s in one run,
 * and the same files took 60 % less CPU without it. The tests make their own state (a server, a
 * database, a browser) and leave no globals behind, so nothing carries from one file to the next;
 * `VITEST_ISOLATE=1` turns isolation back on to check that a failure is not one file's leftovers.
 */
const ISOLATE = process.env.VITEST_ISOLATE === '1';

/**
 * The build's page render (apps-web/dist/server/), which the server imports: loaded by Node as it
 * is in production, not passed through Vite's transforms (megabytes of bundled code, each time).
 */
const NATIVE = { deps: { external: [/\/server\/prerender\.js$/] } };

export default defineConfig({
  test: {
    // Two files at once in every project, where Vitest's default on two cores is one: an API test
    // spends much of its time waiting on PostgreSQL, its peers and its timers, and a page test on
    // pages, so a second file fills the idle core.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          isolate: ISOLATE,
          include: ['shared/src/**/*.test.ts', 'services-api/src/db/seeds/*.test.ts', 'scripts/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web-unit',
          isolate: ISOLATE,
          include: ['apps-web/src/**/*.test.ts'],
          environment: 'node',
          // Dates are formatted in the viewer's time zone; the tests pin one.
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'desktop-unit',
          isolate: ISOLATE,
          include: ['apps-desktop-admin/src/**/*.test.ts'],
          environment: 'node',
          // The first test imports the whole main process, which takes seconds beside the other tasks.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          server: NATIVE,
          isolate: ISOLATE,
          include: ['services-api/src/**/*.test.ts'],
          exclude: ['services-api/src/db/seeds/*.test.ts'],
          env: { NODE_ENV: 'test' },
          globalSetup: ['services-api/src/test/global-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The API tests whose code stands on Node.js's own runtime rather than on the libraries
          // above it: processes, signals and exit; files and streams; the HTTP server's limits and
          // client sockets; fetch; TLS and SMTP; crypto; timers. CI runs these again on the newest
          // supported Node.js version (.ci/run, scripts/test.mjs); the rest run once, as the same JavaScript behaves
          // the same on every version.
          name: 'api-runtime',
          server: NATIVE,
          isolate: ISOLATE,
          include: NODE_RUNTIME_TESTS.map((file) => `services-api/src/${file}`),
          env: { NODE_ENV: 'test' },
          globalSetup: ['services-api/src/test/global-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          server: NATIVE,
          isolate: ISOLATE,
          include: ['e2e/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          globalSetup: ['services-api/src/test/global-database.ts'],
          // Once more after a failure: the browser, the server and the API tests beside them share two
          // cores, and a one-off stall there is not the product's. A retried test is named in the
          // report, and a real fault fails twice.
          retry: 1,
          // A test that walks every width and theme with its accessibility checks takes about two
          // minutes alone on two cores, and more beside the API tests on a slow day: the limit is
          // for a hang, not a measure of speed (the benchmarks measure that).
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // expect.poll gives up after a second by default, sooner than a page on a busy machine
          // renders; a real fault still fails, after fifteen.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
