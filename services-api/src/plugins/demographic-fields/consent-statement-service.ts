import type { ConsentStatement, ConsentStatementInput } from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import type { ConsentStatementRow } from '../../db/tables.js';

type ConsentStatementBody = z.output<typeof ConsentStatementInput>;

function toConsentStatement(row: ConsentStatementRow): ConsentStatement {
  return { id: row.id, text: row.text, updatedAt: new Date(row.created_at).toISOString() };
}

/** The statement visitors are asked to tick now, or null when none is set. */
export async function currentConsentStatement(db: Executor): Promise<ConsentStatement | null> {
  const row = await db<ConsentStatementRow>('consent_statements').whereNull('retired_at').first();
  return row ? toConsentStatement(row) : null;
}

/** The current statement, from the content cache: what the public step and every submit read. */
export function readConsentStatement(db: Executor, cache: ContentCache): Promise<ConsentStatement | null> {
  return cache.get('consent-statement', () => currentConsentStatement(db));
}

/** Any statement ever published, current or retired, by its id: what a visitor may have ticked. */
export async function findConsentStatement(db: Executor, id: number): Promise<ConsentStatement | null> {
  const row = await db<ConsentStatementRow>('consent_statements').where({ id }).first();
  return row ? toConsentStatement(row) : null;
}

/**
 * Makes `text` the statement (empty text: no statement). The current one is retired rather than
 * edited, so a visitor who saw it can still submit with it; the same text again changes nothing.
 */
export async function saveConsentStatement(
  trx: Knex.Transaction,
  { text }: ConsentStatementBody,
): Promise<ConsentStatement | null> {
  // Taken in turn: two saves at once would otherwise both find the same current row.
  await trx.raw('LOCK TABLE consent_statements IN SHARE ROW EXCLUSIVE MODE');
  const current = await currentConsentStatement(trx);
  if (current?.text === text) return current;
  if (current) {
    await trx<ConsentStatementRow>('consent_statements')
      .where({ id: current.id })
      .update({ retired_at: new Date() });
  }
  if (text === '') return null;
  const [row] = await trx<ConsentStatementRow>('consent_statements').insert({ text }).returning('*');
  return toConsentStatement(row!);
}
