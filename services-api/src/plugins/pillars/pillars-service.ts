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

export async function savePillar(trx: Knex.Transaction, body: PillarBody, id?: number): Promise<Pillar> {
  const fields = {
    name: body.name,
    description: body.description,
    order: body.order,
    isActive: body.isActive,
  };
  if (id === undefined) return toPillar(await PillarModel.query(trx).insertAndFetch(fields));
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
