import type { ApiKey, CreateApiKeyRequest, CreatedApiKey, UpdateApiKeyRequest } from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Database } from '../../db/knex.js';
import { writeAndNotify } from '../../db/writes.js';
import { NotFoundError } from '../../domain/errors.js';
import { generateToken, hashToken, maskToken } from './api-key-token.js';
import type { ApiKeyRow } from '../../db/tables.js';
import type { AuditWriter } from '../../http/audit-trail.js';

/** Every instance drops its cached keys when this is notified (PostgreSQL), so a revoked key stops at once. */
export const API_KEYS_CHANNEL = 'msp_api_keys_changed';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A key as the admin's list shows it: masked, with its one permission as a list. */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    token: maskToken(row.token_last4),
    permissions: [row.permission],
    isActive: row.is_active,
    lastUsedAt: iso(row.last_used_at),
    createdAt: iso(row.created_at)!,
  };
}

/** Every key, newest first. */
export async function listApiKeys(db: Database): Promise<ApiKey[]> {
  const rows = await db<ApiKeyRow>('api_keys').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  return rows.map(toApiKey);
}

/** A key write in one transaction, after which every instance forgets its cached keys. */
function writeKeys<T>(
  db: Database,
  afterCommit: () => void,
  write: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  return writeAndNotify(db, API_KEYS_CHANNEL, afterCommit, write);
}

/** Creates an active key; the answer carries the whole token, which is never shown again. */
export async function createApiKey(
  db: Database,
  body: z.output<typeof CreateApiKeyRequest>,
  createdBy: number | null,
  afterCommit: () => void,
  audit: AuditWriter,
): Promise<CreatedApiKey> {
  const token = generateToken();
  const row = await writeKeys(db, afterCommit, async (trx) => {
    const [inserted] = await trx<ApiKeyRow>('api_keys')
      .insert({
        name: body.name,
        token_hash: hashToken(token),
        token_last4: token.slice(-4),
        permission: body.permissions[0]!,
        created_by: createdBy,
      })
      .returning('*');
    await audit(trx, { targetId: inserted!.id });
    return inserted!;
  });
  return { ...toApiKey(row), token };
}

/** Enables, disables or renames a key; a disabled key is refused from the next request on. */
export async function updateApiKey(
  db: Database,
  id: number,
  body: z.output<typeof UpdateApiKeyRequest>,
  afterCommit: () => void,
  audit: AuditWriter,
): Promise<ApiKey> {
  const row = await writeKeys(db, afterCommit, async (trx) => {
    const [updated] = await trx<ApiKeyRow>('api_keys')
      .where({ id })
      .update({
        ...(body.isActive !== undefined && { is_active: body.isActive }),
        ...(body.name !== undefined && { name: body.name }),
      })
      .returning('*');
    if (!updated) throw new NotFoundError('API key not found');
    await audit(trx);
    return updated;
  });
  return toApiKey(row);
}

/** Deletes a key; it stops working at once. */
export async function deleteApiKey(
  db: Database,
  id: number,
  afterCommit: () => void,
  audit: AuditWriter,
): Promise<void> {
  await writeKeys(db, afterCommit, async (trx) => {
    const deleted = await trx('api_keys').where({ id }).delete();
    if (deleted === 0) throw new NotFoundError('API key not found');
    await audit(trx);
  });
}
