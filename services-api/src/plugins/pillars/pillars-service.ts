import type { Pillar, PillarInput } from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Executor } from '../../db/knex.js';
import type { ContentCache } from '../../db/content-cache.js';
import { PillarModel } from '../../db/models/content.js';
import { NotFoundError } from '../../domain/errors.js';
import { deleteById } from '../../db/writes.js';

type PillarBody = z.output<typeof PillarInput>;

export function toPillar(row: PillarModel): Pillar {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    order: row.order,
    isActive: row.isActive,
  };
}

/** Pillars in display order; only the active ones when asked (what visitors see). */
export async function listPillars(db: Executor, { activeOnly = false } = {}): Promise<Pillar[]> {
  const rows = await PillarModel.query(db)
    .modify((q) => (activeOnly ? q.where('is_active', true) : q))
    .orderBy([{ column: 'order' }, { column: 'id' }]);
  return rows.map(toPillar);
}

/** A readable key from a pillar's name: lower-case letters and digits in runs joined by dashes. */
function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'pillar'
  );
}

/** The slug, or the first of slug-2, slug-3... no pillar has, within the key column's 100 characters. */
function unusedKey(base: string, used: ReadonlySet<string>): string {
  let key = base.slice(0, 100);
  for (let n = 2; used.has(key); n++) key = `${base.slice(0, 100 - `-${n}`.length)}-${n}`;
  return key;
}

/**
 * The key of a new pillar: the slug of its name, numbered when a pillar has it already. A pillar
 * that is gone leaves its key free, so one created again under its name continues its history.
 */
async function newPillarKey(trx: Knex.Transaction, name: string): Promise<string> {
  // Two pillars created at once with one name would pick the same key; the second waits here.
  await trx.raw('LOCK TABLE pillars IN SHARE ROW EXCLUSIVE MODE');
  const used = new Set((await PillarModel.query(trx).select('key')).map((pillar) => pillar.key));
  return unusedKey(slugOf(name), used);
}

export async function savePillar(trx: Knex.Transaction, body: PillarBody, id?: number): Promise<Pillar> {
  const fields = {
    name: body.name,
    description: body.description,
    order: body.order,
    isActive: body.isActive,
  };
  if (id === undefined) {
    const key = await newPillarKey(trx, body.name);
    return toPillar(await PillarModel.query(trx).insertAndFetch({ ...fields, key }));
  }
  const updated = await PillarModel.query(trx).patchAndFetchById(id, fields);
  if (!updated) throw new NotFoundError('Pillar not found');
  return toPillar(updated);
}

/** Deletes a pillar: its matrix cells and points go with it; its questions stay, without a pillar. */
export function deletePillar(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(PillarModel, trx, id, 'Pillar not found');
}

/** The pillars visitors see (active ones), from the content cache. */
export function readActivePillars(db: Executor, cache: ContentCache): Promise<Pillar[]> {
  return cache.get('pillars', () => listPillars(db, { activeOnly: true }));
}

/** The active pillars' keys by id, for the texts named by their pillar (questions, matrix cells). */
export async function readPillarKeys(db: Executor, cache: ContentCache): Promise<Map<number, string>> {
  return new Map((await readActivePillars(db, cache)).map((pillar) => [pillar.id, pillar.key]));
}
