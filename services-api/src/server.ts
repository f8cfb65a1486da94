import path from 'node:path';
import Boom from '@hapi/boom';
import Hapi, { type Server } from '@hapi/hapi';
import HapiPino from 'hapi-pino';
import { createAnalyst, type Analyst } from './analysis/index.js';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { ContentCache, ContentSync } from './content-cache.js';
import { createLimiterStore } from './http/limiter-store.js';
import type { Database } from './db/knex.js';
import { createListener, guardRequests, REQUEST_TIMEOUT_MS } from './http/request-guards.js';
import { JobWorker, type JobWorkerOptions } from './jobs/job-worker.js';
import { createLogger, type Logger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { followUpHandlers } from './plugins/submissions/follow-ups.js';
import { inviteEmailHandler } from './plugins/invites/invite-email.js';
import { invitesPlugin } from './plugins/invites/index.js';
import { AnalysisWriter } from './plugins/submissions/results-service.js';
import { submissionsPlugin } from './plugins/submissions/index.js';
import { ApiKeyAuthenticator } from './plugins/api-keys/api-key-authenticator.js';
import { API_KEYS_CHANNEL } from './plugins/api-keys/api-keys-service.js';
import { apiKeysPlugin } from './plugins/api-keys/index.js';
import { authPlugin } from './plugins/auth/index.js';
import { contentPlugin } from './plugins/content/index.js';
import { demographicFieldsPlugin } from './plugins/demographic-fields/index.js';
import { emailTemplatesPlugin } from './plugins/email-templates/index.js';
import { matrixPlugin } from './plugins/matrix/index.js';
import { oidcPlugin } from './plugins/oidc/index.js';
import { pillarsPlugin } from './plugins/pillars/index.js';
import { usersPlugin } from './plugins/users/index.js';
import { publicContent } from './plugins/public-content/content-service.js';
import { publicContentPlugin } from './plugins/public-content/index.js';
import { questionsPlugin } from './plugins/questions/index.js';
import { v1Plugin } from './plugins/v1/index.js';
import { webPlugin } from './plugins/web/index.js';

export interface ServerDependencies {
  config: Config;
  /** A migrated database. */
  db: Database;
  /** Who writes the analyses; by default the configured model, else the built-in analyst. */
  analyst?: Analyst;
  /** How long a first view of the results waits for the analysis job. */
  analysisWaitMs?: number;
  /** Where the server logs; by default a new logger at the configured level on stdout. */
  logger?: Logger;
  /**
   * The follow-up jobs' worker. It starts with the server (and stops before it) unless `run` is
   * false: a second process on the same database can leave the jobs to the others.
   */
  jobs?: JobWorkerOptions & { run?: boolean };
  /** How long a client may take to send a whole request; tests shorten it. */
  requestTimeoutMs?: number;
}

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    ctx: AppContext;
  }
}

const API_CSP = "default-src 'none'; object-src 'none'; frame-ancestors 'none'";
/** Nothing here uses these browser features: a page (or an injected script) gets none of them. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Builds the initialised (not yet listening) server. `npm start` and the tests both use it, so the
 * tests exercise exactly what runs in production.
 */
export async function createServer({
  config,
  db,
  analyst,
  analysisWaitMs,
  logger = createLogger(config.logLevel),
  jobs: jobOptions = {},
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
}: ServerDependencies): Promise<Server> {
  const server = Hapi.server({
    port: config.port,
    host: config.host,
    listener: createListener(requestTimeoutMs),
    routes: {
      // Hapi answers bad JSON and oversized bodies itself; keep those messages visible.
      validate: {
        failAction: (_request, _h, error) => {
          throw error;
        },
      },
    },
    router: { stripTrailingSlash: true },
  });

  // First, so every later plugin and request has `server.logger` and `request.logger`: one JSON
  // line per response (and per failure, with its stack) carrying the request's id.
  await server.register({
    plugin: HapiPino,
    // A visitor who closes the tab mid-response is not a fault of the server: hapi-pino would log
    // those connection errors as errors, so they are logged below at debug instead.
    options: {
      instance: logger,
      // Typed as a list in hapi-pino's declarations; its code and README take one object.
      ignoredEventTags: { log: ['client'] } as unknown as object[],
    },
  });
  server.events.on({ name: 'log', channels: 'internal' }, (event, tags) => {
    if (tags.client) logger.debug({ err: event.error, tags: event.tags }, 'a client connection failed');
  });
  guardRequests(server);

  const cache = new ContentCache();
  const apiKeys = new ApiKeyAuthenticator(db, logger);
  const contentSync = new ContentSync(cache, config.databaseUrl, logger, {
    [API_KEYS_CHANNEL]: () => apiKeys.invalidate(),
  });
  await contentSync.start();
  server.events.on('stop', () => void contentSync.stop());
  const content = publicContent(db, cache);
  const analysis = new AnalysisWriter(db, analyst ?? createAnalyst(config, logger), content, analysisWaitMs);
  const mailer = createMailer(
    { smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox') },
    logger,
  );
  const jobs = new JobWorker(
    db,
    {
      ...followUpHandlers({ db, config, analysis, mailer, logger }),
      invite_email: inviteEmailHandler({
        db,
        mailer,
        publicUrl: config.publicUrl,
        productName: config.productName,
        logger,
      }),
    },
    logger,
    jobOptions,
  );
  // After the listener closed and in-flight requests finished, so a stopping server refuses new
  // connections at once; the database is still open, so running attempts finish or are given back.
  server.ext('onPostStop', async () => {
    await jobs.stop();
    await mailer.close();
  });
  const limits = createLimiterStore(db, Boolean(config.databaseUrl));
  server.events.on('stop', () => limits.close());
  const ctx: AppContext = { config, db, cache, content, analysis, jobs, apiKeys, limits };
  server.app.ctx = ctx;

  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    const hstsOn = config.publicUrl.startsWith('https://');
    const headers: Record<string, string> = {
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': PERMISSIONS_POLICY,
      ...(hstsOn && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
    };
    if (Boom.isBoom(response)) {
      Object.assign(response.output.headers, headers, {
        'Content-Security-Policy': response.output.headers['Content-Security-Policy'] ?? API_CSP,
      });
      return h.continue;
    }
    for (const [name, value] of Object.entries(headers)) response.header(name, value);
    if (!response.headers['content-security-policy'] && !response.headers['Content-Security-Policy']) {
      response.header('Content-Security-Policy', API_CSP);
    }
    return h.continue;
  });

  await server.register([
    // First: it defines the session strategy the other plugins' routes use.
    { plugin: authPlugin, options: ctx },
    // Before the key routes: it defines the api-key strategy.
    { plugin: apiKeysPlugin, options: ctx },
    { plugin: oidcPlugin, options: ctx },
    { plugin: usersPlugin, options: ctx },
    { plugin: invitesPlugin, options: ctx },
    { plugin: pillarsPlugin, options: ctx },
    { plugin: questionsPlugin, options: ctx },
    { plugin: demographicFieldsPlugin, options: ctx },
    { plugin: matrixPlugin, options: ctx },
    { plugin: emailTemplatesPlugin, options: ctx },
    { plugin: contentPlugin, options: ctx },
    { plugin: publicContentPlugin, options: ctx },
    { plugin: submissionsPlugin, options: ctx },
    { plugin: v1Plugin, options: ctx },
    { plugin: webPlugin, options: ctx },
  ]);
  await server.initialize();
  if (jobOptions.run !== false) jobs.start();
  return server;
}
