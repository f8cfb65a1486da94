import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { AuditAction, AuditEvent, AuditEventList, auditRoutes, ParsedQuery } from '@msp/shared';
import { AUDIT_ACTIONS } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { likeContaining } from '../submissions/submission-filters.js';
import { neutralised } from '../submissions/export/cells.js';
import { csvText } from '../submissions/export/csv-writer.js';
import { dayAfter } from '../../domain/days.js';
import { paginationOf } from '../../domain/pagination.js';

export type AuditListFilter = ParsedQuery<typeof auditRoutes.listAuditEvents>;
export type AuditExportFilter = ParsedQuery<typeof auditRoutes.exportAuditEvents>;

interface AuditRow {
  id: string;
  at: Date;
  actor_kind: AuditEvent['actor']['kind'];
  actor_id: number | null;
  actor_name: string;
  client_address: string | null;
  action: AuditAction;
  target_type: AuditEvent['target']['type'];
  target_id: string | null;
  summary: AuditEvent['summary'];
}

function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
    clientAddress: row.client_address,
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    summary: row.summary,
  };
}

function matching(filter: AuditExportFilter) {
  return (builder: Knex.QueryBuilder) => {
    if (filter.actor)
      builder.whereRaw('lower(actor_name) like ?', [likeContaining(filter.actor.toLowerCase())]);
    if (filter.action) builder.where('action', filter.action);
    if (filter.targetType) builder.where('target_type', filter.targetType);
    if (filter.targetId) builder.where('target_id', filter.targetId);
    if (filter.startDate) builder.where('at', '>=', `${filter.startDate}T00:00:00Z`);
    if (filter.endDate) builder.where('at', '<', dayAfter(filter.endDate));
  };
}

/** One page of the records matching the filter, newest first. */
export async function listAuditEvents(db: Database, filter: AuditListFilter): Promise<AuditEventList> {
  const { page, pageSize } = filter;
  const counted = await db('audit_events')
    .modify(matching(filter))
    .count<{ count: string }[]>({ count: '*' });
  const total = Number(counted[0]?.count ?? 0);
  const rows = await db<AuditRow>('audit_events')
    .modify(matching(filter))
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    events: rows.map(toAuditEvent),
    pagination: paginationOf({ page, pageSize }, total),
  };
}

/** Records read per query while exporting: a keyset page, so a long export holds no connection. */
const EXPORT_BATCH = 500;

async function* matchingRows(db: Database, filter: AuditExportFilter): AsyncGenerator<AuditRow> {
  let before: string | null = null;
  for (;;) {
    const rows: AuditRow[] = await db<AuditRow>('audit_events')
      .modify(matching(filter))
      .modify((builder) => {
        if (before !== null) builder.where('id', '<', before);
      })
      .orderBy('id', 'desc')
      .limit(EXPORT_BATCH);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    before = rows[rows.length - 1]!.id;
  }
}

const CSV_COLUMNS = [
  'When (UTC)',
  'Who',
  'Kind',
  'Client address',
  'Action',
  'Target',
  'Target id',
  'Details',
];

function csvRecord(row: AuditRow): string[] {
  const cells = [
    row.at.toISOString(),
    row.actor_name,
    row.actor_kind,
    row.client_address ?? '',
    AUDIT_ACTIONS[row.action]?.label ?? row.action,
    row.target_type,
    row.target_id ?? '',
    Object.keys(row.summary).length > 0 ? JSON.stringify(row.summary) : '',
  ];
  // Names, summaries and addresses came from people: no cell may run as a formula.
  return cells.map((cell) => String(neutralised(cell)));
}

/**
 * Every matching record as CSV, newest first (by id, the order they were written), written as the
 * submissions export writes CSV (BOM, quoting) and streamed with backpressure.
 */
export function auditCsv(db: Database, filter: AuditExportFilter): Readable {
  async function* lines() {
    yield CSV_COLUMNS;
    for await (const row of matchingRows(db, filter)) yield csvRecord(row);
  }
  return Readable.from(csvText(lines()), { objectMode: false });
}

export function auditFileName(now = new Date()): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}
