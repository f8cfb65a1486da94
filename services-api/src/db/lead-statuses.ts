import type { LeadStatus } from '@msp/shared';
import type { Executor } from './knex.js';

/**
 * The lead statuses as every part that names one reads them: the lead desk, and the HubSpot sync
 * that sends a status's name. Below both, so neither reaches into the other for it.
 */

export interface LeadStatusRow {
  id: number;
  name: string;
  position: number;
  is_default: boolean;
}

function toLeadStatus(row: LeadStatusRow): LeadStatus {
  return { id: row.id, name: row.name, position: row.position, isDefault: row.is_default };
}

/** Every status, in the list's order. A handful of rows: read whole wherever a status is named. */
export async function readLeadStatuses(db: Executor): Promise<LeadStatus[]> {
  const rows = await db<LeadStatusRow>('lead_statuses')
    .select('*')
    .orderBy([{ column: 'position' }, { column: 'id' }]);
  return rows.map(toLeadStatus);
}
