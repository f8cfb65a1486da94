import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server, ServerInjectOptions } from '@hapi/hapi';
import type { Analyst } from '../analysis/analyst.js';
import { loadConfig, type Config } from '../config.js';
import { createLogger } from '../logger.js';
import { createServer, type ServerDependencies } from '../server.js';
import { checkV1AnswersAgainstDocument } from './openapi-responses.js';
import type { TestDatabase, TestDatabaseKind } from './test-database.js';

export interface TestApp {
  /** Replaceable, as a restart does: requests and close() go to whichever server is here. */
  server: Server;
  database: TestDatabase;
  db: TestDatabase['db'];
  config: Config;
  /** What the server logged (JSON lines) since the last call; nothing is printed. */
  logs(): string;
  /**
   * The /api/v1 answers since the last call that broke the published OpenAPI document, each
   * saying how; close() fails while any is left unread.
   */
  openApiViolations(): string[];
  /** Injects a request and parses a JSON answer. */
  request<T = unknown>(
    options: ServerInjectOptions,
  ): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  config?: Partial<Config>;
  env?: Record<string, string>;
  analyst?: Analyst;
  analysisWaitMs?: number;
  /** The follow-up jobs' worker; it runs as in production unless `run: false`. */
  jobs?: ServerDependencies['jobs'];
  requestTimeoutMs?: number;
}

/** The real server on a fresh database of the given kind, seeded with the shipped content. */
export async function startTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await kind.create({ seeded: options.seed !== false });
  // Its own data folder, where the mail outbox writes: never the developer's ./data.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'msp-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, ...options.env },
    {
      validateResponses: true,
      submitRateLimitPerMinute: 10_000,
      eventRateLimitPerMinute: 100_000,
      databaseUrl: database.url,
      ...options.config,
    },
  );
  // The server logs into memory at the configured level (warn unless LOG_LEVEL says otherwise), so
  // tests can read what was logged and the test output stays clean.
  let logged = '';
  const logger = createLogger(config.logLevel, {
    write: (line: string) => {
      logged += line;
    },
  });
  const server = await createServer({
    config,
    db: database.db,
    analyst: options.analyst,
    analysisWaitMs: options.analysisWaitMs,
    logger,
    jobs: options.jobs,
    requestTimeoutMs: options.requestTimeoutMs,
  });
  // Every /api/v1 answer of every test is held to the published OpenAPI document.
  const document = checkV1AnswersAgainstDocument(server);
  const app: TestApp = {
    server,
    database,
    db: database.db,
    config,
    logs() {
      const text = logged;
      logged = '';
      return text;
    },
    async request<T>(injectOptions: ServerInjectOptions) {
      const response = await app.server.inject(injectOptions);
      let body: unknown = response.payload;
      if (String(response.headers['content-type'] ?? '').includes('application/json')) {
        body = JSON.parse(response.payload);
      }
      return { status: response.statusCode, body: body as T, headers: response.headers };
    },
    openApiViolations() {
      return document.violations.splice(0);
    },
    async close() {
      const broken = document.violations.splice(0);
      await app.server.stop();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
      if (broken.length > 0) {
        throw new Error(`/api/v1 answers broke the OpenAPI document:\n${broken.join('\n')}`);
      }
    },
  };
  return app;
}

/** How many of the server's database connections are lent out right now. */
export function connectionsInUse(app: TestApp): number {
  return (app.db.client as { pool: { numUsed(): number } }).pool.numUsed();
}
