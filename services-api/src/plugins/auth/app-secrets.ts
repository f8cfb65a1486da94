import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/knex.js';
import type { AppSettingRow } from '../../db/tables.js';
import { keepOutOfLog, type Logger } from '../../logger.js';

/**
 * A secret generated once and shared through the database by every instance that uses it, so
 * nothing has to be configured and several instances still agree. Like a configured one, it is
 * kept out of `logger`'s lines.
 */
export async function sharedSecret(db: Database, key: string, logger: Logger): Promise<string> {
  const secret = await readOrCreate(db, key);
  keepOutOfLog(logger, [secret]);
  return secret;
}

/**
 * The password of the encrypted cookies (the admin's session, the visitor's): SESSION_SECRET when
 * configured, else the one the instances share.
 */
export async function cookieSecret(
  db: Database,
  configured: string | undefined,
  logger: Logger,
): Promise<string> {
  return configured ?? (await sharedSecret(db, 'session_cookie_secret', logger));
}

async function readOrCreate(db: Database, key: string): Promise<string> {
  const existing = await db<AppSettingRow>('app_settings').where({ key }).first('value');
  if (existing) return existing.value;
  await db<AppSettingRow>('app_settings')
    .insert({ key, value: randomBytes(48).toString('base64url') })
    .onConflict('key')
    .ignore();
  const row = await db<AppSettingRow>('app_settings').where({ key }).first('value');
  return row!.value;
}
