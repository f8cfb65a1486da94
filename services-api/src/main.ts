import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configuredSecrets, loadConfig } from './config.js';
import { migrate } from './db/knex.js';
import { openDatabase } from './db/open-database.js';
import { OperatorError } from './domain/errors.js';
import { seedContentIfEmpty } from './plugins/content/seed.js';
import { issueSetupLink } from './plugins/auth/setup-link.js';
import { createLogger, keepOutOfLog, type Logger } from './logger.js';
import { createServer } from './server.js';
import { stopWithin } from './shutdown.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Set once the configuration is read; until then failures can only go to stderr. */
let logger: Logger | undefined;
/** Set once the database is open, so a failed start stops the PostgreSQL it started. */
let closeDatabase: () => Promise<void> = async () => undefined;

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env, { webDistDir: path.join(repoRoot, 'apps-web/dist') });
  const log = (logger = createLogger(config.logLevel));
  keepOutOfLog(log, configuredSecrets(config));

  const database = await openDatabase(config, log);
  // From here on a failure must stop the embedded PostgreSQL too, and free DATA_DIR.
  closeDatabase = () => database.close();
  const { db } = database;
  const serverConfig = { ...config, databaseUrl: database.url };
  // The embedded PostgreSQL's password, in its URL.
  keepOutOfLog(log, configuredSecrets(serverConfig));

  await migrate(db);
  if (await seedContentIfEmpty(db)) log.info('Seeded the questionnaire, matrix and templates.');

  const server = await createServer({ config: serverConfig, db, logger: log });
  await server.start();
  const where = database.embedded
    ? `embedded PostgreSQL in ${path.resolve(config.dataDir, 'postgres')} on 127.0.0.1:${config.embeddedDatabasePort}`
    : 'PostgreSQL';
  log.info(`Serving on ${server.info.uri} (public URL ${config.publicUrl}), ${where}.`);
  const setupLink = await issueSetupLink(db, config.publicUrl);
  if (setupLink) {
    // For the operator's eyes, not the log: the link carries a one-time credential, and log lines
    // never hold secrets. It is printed only while no administrator exists.
    process.stdout.write(
      `No administrator exists yet. Create the founder account (link valid 24 hours, once):\n  ${setupLink}\n`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping.`);
    await stopWithin(
      [
        // Refuses new connections, lets requests in flight finish (up to 10 s), then stops the jobs.
        { name: 'the server', run: () => server.stop({ timeout: 10_000 }) },
        { name: 'the database', run: () => database.close() },
      ],
      {
        failed: (step, error) => log.error({ err: error }, `${step} did not stop cleanly`),
        late: (step, ms) => log.error(`Still stopping ${step} after ${ms / 1000} s: exiting anyway.`),
        exit: (code) => {
          log.flush();
          process.exit(code);
        },
      },
    );
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch(async (error: unknown) => {
  await closeDatabase().catch(() => undefined);
  const plain = error instanceof OperatorError;
  if (logger) {
    if (plain) logger.fatal((error as Error).message);
    else logger.fatal({ err: error }, 'The server could not start');
    logger.flush();
  } else {
    // No logger without a valid configuration: the message names the variable to fix.
    process.stderr.write(`${plain ? (error as Error).message : String(error)}\n`);
  }
  process.exit(1);
});
