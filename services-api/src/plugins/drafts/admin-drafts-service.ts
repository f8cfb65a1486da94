import { Readable } from 'node:stream';
import type { AdminDraft, DraftList, draftRoutes, ParsedQuery } from '@msp/shared';
import type { Knex } from 'knex';
import type { Database, Executor } from '../../db/knex.js';
import type { AssessmentDraftRow } from '../../db/tables.js';
import { dayAfter } from '../../domain/days.js';
import { neutralised, type Cell } from '../submissions/export/cells.js';
import { csvText } from '../submissions/export/csv-writer.js';
import { likeContaining } from '../submissions/submission-filters.js';
import { staleBefore } from './draft-service.js';
import { paginationOf } from '../../domain/pagination.js';

/** Which saved drafts a list, its CSV or the key API's list shows. */
export type DraftFilter = ParsedQuery<typeof draftRoutes.exportDrafts>;
export type DraftPageFilter = ParsedQuery<typeof draftRoutes.listDrafts>;

/** A draft's listed columns: not its answers, which only the visitor's browser needs back. */
type DraftListRow = Pick<
  AssessmentDraftRow,
  'id' | 'email' | 'language' | 'answered_count' | 'question_count' | 'created_at' | 'updated_at'
> & {
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  /** The last save exactly, as text: a Date would drop its microseconds, and the export's keyset with them. */
  activity_key: string;
};

/** What a person typed as their name and company, by the fields every questionnaire has. */
const PERSON_COLUMNS = {
  first_name: "d.demographic_data->>'first_name'",
  last_name: "d.demographic_data->>'last_name'",
  company: "d.demographic_data->>'company'",
};

/**
 * The drafts an operator may see, in one place for the list, its CSV and the key API: every draft
 * came from a visitor pressing "Continue later"; while a consent statement is set, only those whose
 * visitor ticked one (the current or one it replaced); drafts past DRAFT_RETENTION_DAYS, which the
 * link no longer resumes and the retention run deletes, never. Asked of the table rather than of
 * the cached statement, so every instance answers alike the moment the statement changes.
 */
export function visibleDrafts(db: Executor, filter: DraftFilter): Knex.QueryBuilder {
  return db('assessment_drafts as d')
    .where('d.updated_at', '>', staleBefore())
    .where((consented) =>
      consented
        .whereNotNull('d.consent_statement_id')
        .orWhereNotExists((current) =>
          current.select(db.raw('1')).from('consent_statements').whereNull('retired_at'),
        ),
    )
    .modify(matching(filter));
}

/** The search (email, name or company, any case), the language and the days of the last save. */
function matching(filter: DraftFilter) {
  return (builder: Knex.QueryBuilder) => {
    if (filter.search) {
      const pattern = likeContaining(filter.search.toLowerCase());
      builder.where((text) => {
        text.whereRaw('lower(d.email) LIKE ?', [pattern]);
        for (const column of Object.values(PERSON_COLUMNS))
          text.orWhereRaw(`lower(${column}) LIKE ?`, [pattern]);
      });
    }
    if (filter.language) builder.where('d.language', filter.language);
    if (filter.startDate) builder.where('d.updated_at', '>=', `${filter.startDate}T00:00:00Z`);
    if (filter.endDate) builder.where('d.updated_at', '<', dayAfter(filter.endDate));
  };
}

/** The listed columns of the drafts a query finds, newest activity first. */
function listedRows(query: Knex.QueryBuilder, db: Executor): Knex.QueryBuilder {
  return query
    .select(
      'd.id',
      'd.email',
      'd.language',
      'd.answered_count',
      'd.question_count',
      'd.created_at',
      'd.updated_at',
      ...Object.entries(PERSON_COLUMNS).map(([name, column]) => db.raw(`${column} AS ${name}`)),
      db.raw('d.updated_at::text AS activity_key'),
    )
    .orderBy([
      { column: 'd.updated_at', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ]);
}

const textOrNull = (value: string | null) => value?.trim() || null;

function toAdminDraft(row: DraftListRow): AdminDraft {
  return {
    id: Number(row.id),
    email: row.email,
    firstName: textOrNull(row.first_name),
    lastName: textOrNull(row.last_name),
    company: textOrNull(row.company),
    language: row.language,
    startedAt: new Date(row.created_at).toISOString(),
    lastActivityAt: new Date(row.updated_at).toISOString(),
    answered: row.answered_count,
    questionCount: row.question_count,
  };
}

/**
 * One page of the saved drafts, newest activity first, counted exactly: one draft per address,
 * kept DRAFT_RETENTION_DAYS, makes a table small enough to count.
 */
export async function listDrafts(db: Database, filter: DraftPageFilter): Promise<DraftList> {
  const { page, pageSize } = filter;
  const [counted] = await visibleDrafts(db, filter).count<{ count: string | number }[]>({ count: '*' });
  const total = Number(counted?.count ?? 0);
  const rows: DraftListRow[] = await listedRows(visibleDrafts(db, filter), db)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    drafts: rows.map(toAdminDraft),
    pagination: paginationOf({ page, pageSize }, total),
  };
}

/** Drafts read per query while exporting: a keyset page, so a slow download holds no connection. */
const EXPORT_BATCH = 500;

async function* exportedRows(db: Database, filter: DraftFilter): AsyncGenerator<DraftListRow> {
  let after: { activityKey: string; id: string | number } | null = null;
  for (;;) {
    const query = visibleDrafts(db, filter);
    if (after !== null)
      query.whereRaw('(d.updated_at, d.id) < (?::timestamptz, ?)', [after.activityKey, after.id]);
    const rows: DraftListRow[] = await listedRows(query, db).limit(EXPORT_BATCH);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { activityKey: last.activity_key, id: last.id };
  }
}

const CSV_HEADERS = [
  'Email',
  'First Name',
  'Last Name',
  'Company',
  'Language',
  'Started (UTC)',
  'Last Activity (UTC)',
  'Answered',
  'Questions',
];

function csvLine(row: DraftListRow): Cell[] {
  const draft = toAdminDraft(row);
  return [
    draft.email,
    draft.firstName,
    draft.lastName,
    draft.company,
    draft.language,
    new Date(row.created_at),
    new Date(row.updated_at),
    draft.answered,
    draft.questionCount,
  ].map(neutralised);
}

/**
 * Every saved draft the filter matches as CSV, newest activity first, written as the submissions
 * export writes CSV (BOM, quoting, no cell that runs as a formula) and streamed with backpressure.
 */
export function draftsCsv(db: Database, filter: DraftFilter): Readable {
  async function* lines() {
    yield CSV_HEADERS;
    for await (const row of exportedRows(db, filter)) yield csvLine(row);
  }
  return Readable.from(csvText(lines()), { objectMode: false });
}

/** `saved-drafts-<YYYY-MM-DD>.csv`. */
export function draftsFileName(now = new Date()): string {
  return `saved-drafts-${now.toISOString().slice(0, 10)}.csv`;
}
