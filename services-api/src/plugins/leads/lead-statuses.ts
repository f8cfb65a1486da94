import type { LeadStatusList, SaveLeadStatusesRequest } from '@msp/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/knex.js';
import { readLeadStatuses, type LeadStatusRow } from '../../db/lead-statuses.js';
import { assertNoIssues, type FieldIssue } from '../../domain/errors.js';
import type { AuditWriter } from '../../http/audit-trail.js';

type SavedStatuses = z.output<typeof SaveLeadStatusesRequest>['statuses'];

/** The statuses in order, each with how many submissions have it (an index-only count). */
export async function listLeadStatuses(db: Executor): Promise<LeadStatusList> {
  const [statuses, counts] = [
    await readLeadStatuses(db),
    await db('submissions')
      .select('lead_status_id')
      .count<{ lead_status_id: number; count: string | number }[]>({ count: '*' })
      .groupBy('lead_status_id'),
  ];
  const byId = new Map(counts.map((row) => [row.lead_status_id, Number(row.count)]));
  return { statuses: statuses.map((status) => ({ ...status, submissions: byId.get(status.id) ?? 0 })) };
}

/**
 * Replaces the list: kept statuses renamed and reordered, new ones added, the ones left out
 * removed with their submissions moved to the (new) default. One save at a time: a second waits
 * for the first and then finds what it left.
 */
export async function saveLeadStatuses(
  db: Database,
  statuses: SavedStatuses,
  audit: AuditWriter,
): Promise<LeadStatusList> {
  await db.transaction(async (trx) => {
    await trx.raw('LOCK TABLE lead_statuses IN SHARE ROW EXCLUSIVE MODE');
    const existing = new Set((await trx<LeadStatusRow>('lead_statuses').select('id')).map((row) => row.id));
    const issues: FieldIssue[] = [];
    statuses.forEach((status, index) => {
      if (status.id !== undefined && !existing.has(status.id)) {
        issues.push({ field: `statuses.${index}.id`, message: 'is not a status (removed meanwhile?)' });
      }
    });
    assertNoIssues(issues);
    const kept = new Set(statuses.flatMap((status) => (status.id === undefined ? [] : [status.id])));
    // Names and the default are unique: clear both on the kept rows first, so a swap of two names
    // or a new default never meets the old one.
    await trx('lead_statuses')
      .whereIn('id', [...kept])
      .update({ is_default: false, name: trx.raw(`'\u0001' || id`) });
    await trx('lead_statuses')
      .whereNotIn('id', [...kept])
      .update({ is_default: false });
    const ids: number[] = [];
    for (const [position, status] of statuses.entries()) {
      const values = { name: status.name, position, is_default: status.isDefault };
      if (status.id === undefined) {
        const [row] = await trx('lead_statuses').insert(values).returning<{ id: number }[]>('id');
        ids.push(row!.id);
      } else {
        await trx('lead_statuses').where('id', status.id).update(values);
        ids.push(status.id);
      }
    }
    const defaultId = ids[statuses.findIndex((status) => status.isDefault)]!;
    const removed = [...existing].filter((id) => !kept.has(id));
    const moved = removed.length
      ? await trx('submissions').whereIn('lead_status_id', removed).update({ lead_status_id: defaultId })
      : 0;
    if (removed.length) await trx('lead_statuses').whereIn('id', removed).delete();
    await audit(trx, {
      summary: {
        statuses: statuses.map((status) => status.name),
        default: statuses.find((status) => status.isDefault)!.name,
        removed: removed.length,
        submissionsMoved: moved,
      },
    });
  });
  return listLeadStatuses(db);
}
