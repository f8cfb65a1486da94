import path from 'node:path';
import Hapi, { type Server } from '@hapi/hapi';
import { createAnalyst } from './analysis/index.js';
import { type Analyst } from './analysis/analyst.js';
import type { AppContext } from './app-context.js';
import { configuredSecrets, type Config } from './config.js';
import { ChangeListener } from './db/change-listener.js';
import { ContentCache } from './db/content-cache.js';
import type { Database } from './db/knex.js';
import { logAccess } from './http/access-log.js';
import { observeAnswers } from './http/answers.js';
import { registerHealth } from './http/health.js';
import { createLimiterStore } from './http/limiter-store.js';
import { createListener, guardRequests, REQUEST_TIMEOUT_MS } from './http/request-guards.js';
import { attachLogger } from './http/request-logger.js';
import { addSecurityHeaders } from './http/security-headers.js';
import { JobWorker, type JobWorkerOptions } from './jobs/job-worker.js';
import { createLogger, keepOutOfLog, type Logger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { analyticsPlugin } from './plugins/analytics/index.js';
import { apiDocsPlugin } from './plugins/api-docs/index.js';
import { apiKeysPlugin } from './plugins/api-keys/index.js';
import { auditPlugin } from './plugins/audit/index.js';
import { authPlugin } from './plugins/auth/index.js';
import { oidcPlugin } from './plugins/auth/oidc/index.js';
import { configPlugin } from './plugins/config/index.js';
import { contentPlugin } from './plugins/content/index.js';
import { demographicFieldsPlugin } from './plugins/demographic-fields/index.js';
import { emailTemplatesPlugin } from './plugins/email-templates/index.js';
import { funnelPlugin } from './plugins/funnel/index.js';
import { integrationsPlugin } from './plugins/integrations/index.js';
import { hubspotPlugin } from './plugins/hubspot/index.js';
import { notificationsPlugin } from './plugins/notifications/index.js';
import { settingsPlugin } from './plugins/settings/index.js';
import { brandingPlugin } from './plugins/branding/index.js';
import { readSettings } from './plugins/settings/settings-service.js';
import { invitesPlugin } from './plugins/invites/index.js';
import { matrixPlugin } from './plugins/matrix/index.js';
import { metricsPlugin, ServerMetrics } from './plugins/metrics/index.js';
import { pillarsPlugin } from './plugins/pillars/index.js';
import { questionsPlugin } from './plugins/questions/index.js';
import { submissionsPlugin } from './plugins/submissions/index.js';
import { reportPlugin } from './plugins/report/index.js';
import { ReportCache } from './report/report-cache.js';
import { personalDataPlugin } from './plugins/personal-data/index.js';
import { translationsPlugin } from './plugins/translations/index.js';
import { usersPlugin } from './plugins/users/index.js';
import { visitorPlugin } from './plugins/visitor/index.js';
import { remindersPlugin } from './plugins/reminders/index.js';
import { draftsPlugin } from './plugins/drafts/index.js';
import { teamsPlugin } from './plugins/teams/index.js';
import { organisationsPlugin } from './plugins/organisations/index.js';
import { leadsPlugin } from './plugins/leads/index.js';
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

  // First, so every later plugin has `server.logger` and failures are logged with their stack;
  // the access log is logAccess's.
  attachLogger(server, logger);
  keepOutOfLog(logger, configuredSecrets(config));
  const watchAnswers = observeAnswers(server);
  logAccess(watchAnswers, logger);
  guardRequests(server);

  server.app.validateResponses = config.validateResponses;
  addSecurityHeaders(server, { https: config.publicUrl.startsWith('https://') });

  const cache = new ContentCache();
  if (!config.databaseUrl) {
    // main.ts fills it in with the embedded PostgreSQL's URL; the listener needs its own connection.
    throw new Error('createServer needs config.databaseUrl, the URL of the database `db` connects to');
  }
  const changes = new ChangeListener(cache, config.databaseUrl, logger);
  server.events.on('stop', () => void changes.stop());
  const mailer = createMailer(
    {
      smtpUrl: config.mail.smtpUrl,
      // The sender in effect at each send: MAIL_FROM, else the one saved on the Settings screen.
      from: async () => (await readSettings(db, cache, config)).values.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    },
    logger,
  );
  const metrics = new ServerMetrics(db, logger);
  const jobs = new JobWorker(db, logger, {
    onAttempt: (kind, outcome) => metrics.jobAttempt(kind, outcome),
    ...jobOptions,
  });
  // After the listener closed and in-flight requests finished, so a stopping server refuses new
  // connections at once; the database is still open, so running attempts finish or are given back.
  server.ext('onPostStop', async () => {
    await jobs.stop();
    await mailer.close();
  });
  const limits = createLimiterStore(db);
  server.events.on('stop', () => limits.close());
  const ctx: AppContext = {
    config,
    db,
    logger,
    cache,
    changes,
    jobs,
    limits,
    analyst: analyst ?? createAnalyst(config, logger),
    mailer,
    reports: new ReportCache(),
    metrics,
    analysisWaitMs,
  };
  server.app.ctx = ctx;
  await server.register({ plugin: metricsPlugin, options: { ctx, metrics, watchAnswers } });

  await server.register([
    // First: it defines the session strategy the other plugins' routes use.
    { plugin: authPlugin, options: ctx },
    // Before the key routes: it defines the api-key strategy.
    { plugin: apiKeysPlugin, options: ctx },
    { plugin: oidcPlugin, options: ctx },
    { plugin: usersPlugin, options: ctx },
    { plugin: auditPlugin, options: ctx },
    { plugin: invitesPlugin, options: ctx },
    { plugin: configPlugin, options: ctx },
    { plugin: translationsPlugin, options: ctx },
    { plugin: pillarsPlugin, options: ctx },
    { plugin: questionsPlugin, options: ctx },
    { plugin: demographicFieldsPlugin, options: ctx },
    { plugin: matrixPlugin, options: ctx },
    { plugin: emailTemplatesPlugin, options: ctx },
    { plugin: contentPlugin, options: ctx },
    { plugin: submissionsPlugin, options: ctx },
    { plugin: reportPlugin, options: ctx },
    { plugin: personalDataPlugin, options: ctx },
    { plugin: visitorPlugin, options: ctx },
    { plugin: remindersPlugin, options: ctx },
    { plugin: draftsPlugin, options: ctx },
    { plugin: teamsPlugin, options: ctx },
    { plugin: organisationsPlugin, options: ctx },
    { plugin: leadsPlugin, options: ctx },
    { plugin: analyticsPlugin, options: ctx },
    { plugin: funnelPlugin, options: ctx },
    { plugin: apiDocsPlugin, options: ctx },
    { plugin: integrationsPlugin, options: ctx },
    { plugin: hubspotPlugin, options: ctx },
    { plugin: notificationsPlugin, options: ctx },
    { plugin: settingsPlugin, options: ctx },
    { plugin: brandingPlugin, options: ctx },
    { plugin: webPlugin, options: ctx },
  ]);
  await registerHealth(server, { db, jobs, runsJobs: jobOptions.run !== false, logger });
  // Once every resource has subscribed to the channels it needs.
  await changes.start();
  await server.initialize();
  if (jobOptions.run !== false) jobs.start();
  return server;
}
