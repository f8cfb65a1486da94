import type { Knex } from 'knex';
import type { ParsedQuery, submissionRoutes } from '@msp/shared';
import { roundTo1 } from '@msp/shared';
import type { Database } from '../../../db/knex.js';
import { exportFilter } from '../submission-filters.js';

export type ExportFilter = ParsedQuery<typeof submissionRoutes.exportSubmissions>;

interface ScoreCells {
  level: number;
  percentage: number;
}

/** One submission as the export reads it, from one row of the export's single query. */
export interface ExportRow {
  submitted_at: Date;
  demographic_data: Record<string, string>;
  overall_level: number;
  cumulative_average: number;
  /** Which questions it answered (see the export_question_set migration): how to read answer_texts. */
  question_set: string;
  /** The chosen answers' texts, in the order of its frozen answers. */
  answer_texts: (string | null)[] | null;
  /** Each pillar's cells by pillar key. */
  scores: Map<string, ScoreCells>;
  /** Where the lead came from, in ATTRIBUTION_COLUMNS' order. */
  attribution: (string | null)[];
  /** The consent statement the submitter ticked, and when; null when none was asked for. */
  consent_text: string | null;
  consented_at: Date | null;
  /** The language the assessment was taken in; its texts in the file are the default language's. */
  language: string;
  /** The lead: its status and owner by id (named from the tables once per export), next-step day, notes. */
  lead_status_id: number;
  lead_owner_id: number | null;
  next_step_on: string | null;
  note_count: number;
}

/** The attribution columns, in the order the query reads them. */
export const ATTRIBUTION_COLUMNS = [
  ['Source', 's.utm_source'],
  ['Medium', 's.utm_medium'],
  ['Campaign', 's.utm_campaign'],
  ['Term', 's.utm_term'],
  ['Content', 's.utm_content'],
  ['Ref', 's.ref_code'],
  ['Referrer', 's.referrer_host'],
  ['Landing Path', 's.landing_path'],
] as const;

/**
 * What the export's query selects for each submission, in this order, and how a row of them (as
 * PostgreSQL's values, in array row mode) becomes an ExportRow. A column that needs more of the
 * submission adds its expression here and its field to ExportRow, then a Column below.
 */
const SELECTED = [
  's.submitted_at',
  's.demographic_data',
  's.overall_level',
  's.cumulative_average',
  's.question_set',
  // The ids of the chosen answers' texts (see the export_columns migration), in the row itself:
  // reading the texts from the frozen answers cost a TOAST read and 6 KB of decompression each.
  // Which question each answers is the same for every submission of its question_set, and read
  // once for the header. As JSON: the driver's parser of PostgreSQL arrays took a tenth of the
  // export's time.
  'array_to_json(s.answer_text_ids) AS answer_text_ids',
  // The pillar scores come with their submission, as [key, level, percentage] triples, so the
  // export is one query rather than one more per batch; from the scores' rows for a row stored
  // without them.
  `COALESCE(s.pillar_score_cells, (SELECT jsonb_agg(jsonb_build_array(ps.pillar_key, ps.level, ps.percentage))
    FROM submission_pillar_scores ps WHERE ps.submission_id = s.id)) AS scores`,
  `json_build_array(${ATTRIBUTION_COLUMNS.map(([, column]) => column).join(', ')}) AS attribution`,
  's.consent_text',
  's.consented_at',
  's.language',
  's.lead_status_id',
  's.lead_owner_id',
  // The day as text: a Date would be midnight in the server's zone, a day off in a spreadsheet west of it.
  's.next_step_on::text AS next_step_on',
  's.note_count',
] as const;

export type SelectedRow = [
  Date,
  Record<string, string>,
  number,
  string,
  string,
  (number | null)[] | null,
  [string, number, number][] | null,
  (string | null)[],
  string | null,
  Date | null,
  string,
  number,
  number | null,
  string | null,
  number,
];

export function exportRowOf(values: SelectedRow, answerTexts: ReadonlyMap<number, string>): ExportRow {
  const [
    submittedAt,
    demographicData,
    overallLevel,
    average,
    questionSet,
    answerTextIds,
    scoreTriples,
    attribution,
    consentText,
    consentedAt,
    language,
    leadStatusId,
    leadOwnerId,
    nextStepOn,
    noteCount,
  ] = values;
  const scores = new Map<string, ScoreCells>();
  for (const [key, level, percentage] of scoreTriples ?? []) {
    scores.set(key, { level, percentage: roundTo1(percentage) });
  }
  return {
    submitted_at: submittedAt,
    demographic_data: demographicData,
    overall_level: overallLevel,
    cumulative_average: roundTo1(Number(average)),
    question_set: questionSet,
    answer_texts:
      answerTextIds && answerTextIds.map((id) => (id === null ? null : (answerTexts.get(id) ?? null))),
    scores,
    attribution,
    consent_text: consentText,
    consented_at: consentedAt,
    language,
    lead_status_id: leadStatusId,
    lead_owner_id: leadOwnerId,
    next_step_on: nextStepOn,
    note_count: noteCount,
  };
}

/**
 * The answer texts by id, read whole: a few hundred rows (each text once, whatever the number of
 * submissions). Read once the cursor has sent its first row, so its snapshot was taken first and
 * every text a row names is already there.
 */
export async function answerTextsById(db: Database): Promise<Map<number, string>> {
  const rows = await db('answer_texts').select<{ id: number; text: string }[]>('id', 'text');
  return new Map(rows.map((row) => [row.id, row.text]));
}

/** The export's one query: every matching submission, oldest first, with what its cells need. */
export function exportQuery(db: Database, filter: ExportFilter): Knex.QueryBuilder {
  return db('submissions as s')
    .modify(exportFilter(filter))
    .select(SELECTED.map((expression) => db.raw(expression)))
    .orderBy([{ column: 's.submitted_at' }, { column: 's.id' }]);
}

/** How many submissions the export of `filter` holds. */
export async function countExported(db: Database, filter: ExportFilter): Promise<number> {
  const row = await db('submissions as s')
    .modify(exportFilter(filter))
    .count<{ count: string | number }>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}
