import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EMAIL_MAX_LENGTH, EmailAddress } from '@msp/shared';
import { loadConfig, type Config } from './config.js';
import { migrate, type Database } from './db/knex.js';
import { openDatabase } from './db/open-database.js';
import { IMPORTED_MARKER, importPglite, LEGACY_FOLDER, legacyFolder } from './db/pglite-import.js';
import { OperatorError } from './domain/errors.js';
import { accountWords, hashPassword, passwordProblem } from './domain/passwords.js';
import { writeAuditRecord } from './http/audit-trail.js';
import { founderOverrides, upsertLocalAdmin } from './plugins/users/users-service.js';

const USAGE = `Usage:
  npm run db:migrate
  npm run admin:create -- --email EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME]
  npm run db:import-pglite`;

class UsageError extends Error {}

/** Opens the configured database for a command: the embedded one runs while the command does. */
async function withDatabase<T>(
  config: Config,
  run: (db: Database) => Promise<T>,
  options: { allowLegacyFolder?: boolean } = {},
): Promise<T> {
  const database = await openDatabase(config, undefined, options);
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

async function migrateCommand(config: Config): Promise<void> {
  await withDatabase(config, async (db) => {
    const [, applied] = (await db.migrate.latest()) as [number, string[]];
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'Already up to date.',
    );
  });
}

async function adminCreateCommand(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const email = EmailAddress.safeParse(values.email ?? '');
  if (!email.success) {
    throw new UsageError(`--email must be a valid email address of at most ${EMAIL_MAX_LENGTH} characters`);
  }
  const problem = await passwordProblem(values.password ?? '', {
    userInputs: accountWords(
      { email: email.data, firstName: values['first-name'], lastName: values['last-name'] },
      config,
    ),
  });
  if (problem) throw new UsageError(`--password: ${problem}`);
  const passwordHash = await hashPassword(values.password!);

  await withDatabase(config, async (db) => {
    await migrate(db);
    const user = await upsertLocalAdmin(
      db,
      {
        email: email.data,
        passwordHash,
        firstName: values['first-name'],
        lastName: values['last-name'],
        isFounder: Boolean(founderOverrides(email.data, config.founderEmail)),
      },
      // Whoever runs the command on the server is the one who acted, not the account it makes.
      (trx, made) =>
        writeAuditRecord(trx, {
          action: 'user.console_admin',
          actor: { kind: 'operator', id: null, name: `${os.userInfo().username} (server console)` },
          clientAddress: null,
          targetId: made?.targetId,
        }),
    );
    console.log(`${user.email} is an approved admin and can sign in with that password.`);
  });
}

async function importPgliteCommand(config: Config): Promise<void> {
  const folder = legacyFolder(config.dataDir);
  if (!folder) {
    throw new UsageError(
      `No database of an earlier release in ${path.resolve(config.dataDir, LEGACY_FOLDER)}: nothing to copy.`,
    );
  }
  await withDatabase(
    config,
    async (db) => {
      const tables = await importPglite(folder, db);
      for (const { table, rows } of tables) console.log(`  ${table}: ${rows} row(s)`);
      fs.writeFileSync(
        path.join(config.dataDir, IMPORTED_MARKER),
        `Copied into PostgreSQL on ${new Date().toISOString()}; ${folder} may be removed.\n`,
      );
      console.log(
        `Copied ${tables.length} tables from ${folder} into PostgreSQL. The old folder was not changed; ` +
          'remove it once you have checked the copy.',
      );
    },
    { allowLegacyFolder: true },
  );
}

/** Operational commands that run without the server. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  switch (command) {
    case 'migrate':
      await migrateCommand(config);
      return 0;
    case 'admin:create':
      await adminCreateCommand(config, rest);
      return 0;
    case 'import-pglite':
      await importPgliteCommand(config);
      return 0;
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof OperatorError ? error.message : error);
    process.exit(1);
  },
);
