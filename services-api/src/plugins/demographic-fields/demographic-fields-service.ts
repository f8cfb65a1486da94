import type { DemographicField, DemographicFieldInput } from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Executor } from '../../db/knex.js';
import type { ContentCache } from '../../db/content-cache.js';
import { DemographicFieldModel } from '../../db/models/content.js';
import { InvalidFieldError, NotFoundError } from '../../domain/errors.js';
import { deleteById, isUniqueViolation } from '../../db/writes.js';

type DemographicFieldBody = z.output<typeof DemographicFieldInput>;

const IDENTIFIER_TAKEN = 'A field with this identifier already exists';

export function toDemographicField(row: DemographicFieldModel): DemographicField {
  return {
    id: row.id,
    identifier: row.identifier,
    label: row.label,
    fieldType: row.fieldType,
    options: row.options ?? null,
    order: row.order,
    isRequired: row.isRequired,
    isActive: row.isActive,
  };
}

/** Fields in form order; only the active ones when asked (what visitors fill in). */
export async function listDemographicFields(
  db: Executor,
  { activeOnly = false } = {},
): Promise<DemographicField[]> {
  const rows = await DemographicFieldModel.query(db)
    .modify((q) => (activeOnly ? q.where('is_active', true) : q))
    .orderBy([{ column: 'order' }, { column: 'id' }]);
  return rows.map(toDemographicField);
}

export async function saveDemographicField(
  trx: Knex.Transaction,
  body: DemographicFieldBody,
  id?: number,
): Promise<DemographicField> {
  const clash = await DemographicFieldModel.query(trx)
    .where('identifier', body.identifier)
    .modify((q) => (id === undefined ? q : q.whereNot('id', id)))
    .first();
  if (clash) throw new InvalidFieldError('identifier', IDENTIFIER_TAKEN);
  const fields = {
    identifier: body.identifier,
    label: body.label,
    fieldType: body.fieldType,
    options: body.options,
    order: body.order,
    isRequired: body.isRequired,
    isActive: body.isActive,
  };
  try {
    if (id === undefined)
      return toDemographicField(await DemographicFieldModel.query(trx).insertAndFetch(fields));
    const updated = await DemographicFieldModel.query(trx).patchAndFetchById(id, fields);
    if (!updated) throw new NotFoundError('Demographic field not found');
    return toDemographicField(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw new InvalidFieldError('identifier', IDENTIFIER_TAKEN);
    throw error;
  }
}

export function deleteDemographicField(trx: Knex.Transaction, id: number): Promise<void> {
  return deleteById(DemographicFieldModel, trx, id, 'Demographic field not found');
}

/** The fields visitors fill in (active ones), from the content cache. */
export function readActiveDemographicFields(db: Executor, cache: ContentCache): Promise<DemographicField[]> {
  return cache.get('demographic-fields', () => listDemographicFields(db, { activeOnly: true }));
}
