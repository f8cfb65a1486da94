import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import QueryStream from 'pg-query-stream';
import type { ExportFormat, ParsedQuery, submissionRoutes } from '@msp/shared';
import { EXPORT_NOTHING_MATCHES, EXPORT_TRANSPOSE_MAX, levelName, roundTo1 } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { DemographicFieldModel } from '../../db/models/content.js';
import { InvalidFieldError, NotFoundError } from '../../domain/errors.js';
import type { Logger } from '../../logger.js';
import { withinDays } from './admin-submissions-service.js';
import { writeXlsx } from './xlsx-writer.js';

export type ExportFilter = ParsedQuery<typeof submissionRoutes.exportSubmissions>;

/** The shared cap on a transposed export (one column per submission). */
export const TRANSPOSE_MAX_SUBMISSIONS = EXPORT_TRANSPOSE_MAX;

/**
 * Rows the cursor fetches per round trip: a round trip is then a small part of the rows' own time,
 * and memory holds a few batches whatever the export's size. At 250 (read ahead 500) the rows
 * lived long enough to be promoted, and an XLSX export of 100,000 peaked some 35 MB higher.
 */
const CURSOR_BATCH = 100;
/**
 * Rows the stream holds before it stops asking: two batches, so the next batch is read while the
 * last is being written, rather than PostgreSQL and the writer taking turns.
 */
const CURSOR_READ_AHEAD = 2 * CURSOR_BATCH;
/** Rows written between turns of the event loop: a few milliseconds of the export's work. */
const ROWS_PER_TURN = 25;

/** A Date is written as a real date cell in XLSX and as `YYYY-MM-DD HH:MM:SS` (UTC) text in CSV. */
export type Cell = string | number | Date | null;

interface ScoreCells {
  level: number;
  percentage: number;
}

/** One submission as the export reads it, from one row of the export's single query. */
interface ExportRow {
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
}

/** The attribution columns, in the order the query reads them. */
const ATTRIBUTION_COLUMNS = [
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
] as const;

type SelectedRow = [
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
];

function exportRowOf(values: SelectedRow, answerTexts: ReadonlyMap<number, string>): ExportRow {
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
  };
}

/**
 * The answer texts by id, read whole: a few hundred rows (each text once, whatever the number of
 * submissions). Read once the cursor has sent its first row, so its snapshot was taken first and
 * every text a row names is already there.
 */
async function answerTextsById(db: Database): Promise<Map<number, string>> {
  const rows = await db('answer_texts').select<{ id: number; text: string }[]>('id', 'text');
  return new Map(rows.map((row) => [row.id, row.text]));
}

interface Column {
  header: string;
  width: number;
  cell: (row: ExportRow) => Cell;
}

/**
 * A spreadsheet runs a cell that starts with = + - or @ (and tab or carriage return, which some
 * readers strip first) as a formula. Visitors write these values, so such text is made plain text
 * with a leading apostrophe, as OWASP advises for CSV injection.
 */
export function neutralised(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function widthFor(header: string, min = 12, max = 50): number {
  return Math.min(max, Math.max(min, header.length + 2));
}

function submittedAtText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function filterOf(filter: ExportFilter) {
  return (builder: Knex.QueryBuilder) => {
    if (filter.domain !== undefined) builder.where('s.email_domain', filter.domain);
    if (filter.submitterEmails.length > 0) builder.whereIn('s.email', filter.submitterEmails);
    withinDays(builder, filter);
  };
}

/**
 * The columns of this export: when, who (every demographic field by its label), the overall
 * result, each pillar's level and percentage, and each question's chosen answer. Pillars and
 * questions are those the exported submissions were scored with (frozen), not today's content,
 * one column each by key, so submissions on either side of a content import share their columns.
 */
async function columnsFor(db: Database, filter: ExportFilter): Promise<Column[]> {
  // One submission of each question_set: the same questions as all the others of its set.
  const representatives = db('submissions as s')
    .modify(filterOf(filter))
    .distinctOn('s.question_set')
    .select('s.id')
    .orderBy('s.question_set');
  const [fields, pillars, questions, sets] = await Promise.all([
    DemographicFieldModel.query(db).orderBy([{ column: 'order' }, { column: 'id' }]),
    db('submission_pillar_scores as ps')
      .join('submissions as s', 's.id', 'ps.submission_id')
      .modify(filterOf(filter))
      .select<{ pillarKey: string; pillarName: string }[]>(
        'ps.pillar_key as pillarKey',
        db.raw('max(ps.pillar_name) as "pillarName"'),
      )
      .groupBy('ps.pillar_key')
      .orderByRaw('min(ps.pillar_order), min(ps.pillar_id)'),
    db('submissions as s')
      .crossJoin(db.raw('jsonb_array_elements(s.answers) as a'))
      .whereIn('s.id', representatives)
      .select<{ questionKey: string; questionText: string }[]>(
        db.raw(`a->>'questionKey' as "questionKey"`),
        db.raw(`max(a->>'questionText') as "questionText"`),
      )
      .groupByRaw(`a->>'questionKey'`)
      .orderByRaw(`min((a->>'questionOrder')::int), min((a->>'questionId')::int)`),
    db('submissions as s')
      .whereIn('s.id', representatives)
      .select<{ questionSet: string; keys: string[] }[]>(
        's.question_set as questionSet',
        db.raw(`jsonb_path_query_array(s.answers, '$[*].questionKey') as keys`),
      ),
  ]);
  // Where each question's answer is among a row's answer_texts, by the row's question_set; the
  // last of a key counts, as when the answers were gathered into an object by key.
  const positions = new Map<string, Map<string, number>>();
  for (const { questionSet, keys } of sets) {
    positions.set(questionSet, new Map(keys.map((key, index) => [key, index])));
  }

  const columns: Column[] = [
    { header: 'Submitted At (UTC)', width: 20, cell: (row) => row.submitted_at },
    ...fields.map<Column>((field) => ({
      header: field.label,
      width: widthFor(field.label, 14, 40),
      cell: (row) => row.demographic_data[field.identifier] ?? null,
    })),
    {
      header: 'Overall Level',
      width: 16,
      cell: (row) => `${row.overall_level} ${levelName(row.overall_level)}`,
    },
    { header: 'Average Score (%)', width: 14, cell: (row) => row.cumulative_average },
    ...ATTRIBUTION_COLUMNS.map<Column>(([header], index) => ({
      header,
      width: header === 'Landing Path' || header === 'Referrer' ? 24 : 16,
      cell: (row) => row.attribution[index] ?? null,
    })),
    // The statement as the submitter saw it: admin-written, but neutralised like every text cell.
    { header: 'Consent Statement', width: 40, cell: (row) => row.consent_text },
    { header: 'Consented At (UTC)', width: 20, cell: (row) => row.consented_at },
  ];
  for (const pillar of pillars) {
    const id = pillar.pillarKey;
    columns.push(
      {
        header: `${pillar.pillarName} Level`,
        width: widthFor(`${pillar.pillarName} Level`),
        cell: (row) => row.scores.get(id)?.level ?? null,
      },
      {
        header: `${pillar.pillarName} (%)`,
        width: widthFor(`${pillar.pillarName} (%)`),
        cell: (row) => row.scores.get(id)?.percentage ?? null,
      },
    );
  }
  for (const question of questions) {
    const key = question.questionKey;
    columns.push({
      header: question.questionText,
      width: 40,
      cell: (row) => {
        const at = positions.get(row.question_set)?.get(key);
        return at === undefined ? null : (row.answer_texts?.[at] ?? null);
      },
    });
  }
  return columns;
}

/** The export's one query: every matching submission, oldest first, with what its cells need. */
export function exportQuery(db: Database, filter: ExportFilter): Knex.QueryBuilder {
  return db('submissions as s')
    .modify(filterOf(filter))
    .select(SELECTED.map((expression) => db.raw(expression)))
    .orderBy([{ column: 's.submitted_at' }, { column: 's.id' }]);
}

/** The part of a pooled pg client the export uses: it runs the cursor on a connection of its own. */
interface PooledConnection {
  query(stream: QueryStream): QueryStream;
  query(text: string): Promise<unknown>;
  once(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  off(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
}

/**
 * A promise that rejects once `connection` is lost (the server ended it, the network cut it), and
 * its listeners' removal. A cursor whose connection is lost is never told: its next read, and its
 * close, wait for answers that cannot come, so the export waits for this beside each read.
 */
function whenLost(connection: PooledConnection): { lost: Promise<never>; isLost(): boolean; stop(): void } {
  let gone = false;
  let onLost: (error?: Error) => void = () => undefined;
  const lost = new Promise<never>((_, reject) => {
    onLost = (error) => {
      gone = true;
      reject(error ?? new Error('The connection to the database ended during the export'));
    };
    connection.once('error', onLost);
    connection.once('end', onLost);
  });
  lost.catch(() => undefined);
  return {
    lost,
    isLost: () => gone,
    stop() {
      connection.off('error', onLost);
      connection.off('end', onLost);
    },
  };
}

/**
 * The matching submissions, oldest first, with their pillar scores and chosen answers: ONE query,
 * read through a server-side cursor a batch at a time as the file is written, on a connection
 * taken from the pool for just as long as the rows are read. Leaving early (the client went away)
 * closes the cursor, which stops PostgreSQL reading, and gives the connection back at once; a
 * connection lost midway ends the export with its error and goes back to the pool to be discarded.
 */
async function* exportRows(db: Database, filter: ExportFilter): AsyncGenerator<ExportRow> {
  const { sql, bindings } = exportQuery(db, filter).toSQL().toNative();
  const connection = (await db.client.acquireConnection()) as PooledConnection;
  try {
    // A query over 100,000 rows costs enough for PostgreSQL to compile it first (JIT): a third of
    // a second before the first row, for a plan of one index scan that gains nothing from it.
    await connection.query('SET jit = off');
  } catch (error) {
    await db.client.releaseConnection(connection);
    throw error;
  }
  const watch = whenLost(connection);
  const cursor = connection.query(
    new QueryStream(sql, bindings as unknown[], {
      batchSize: CURSOR_BATCH,
      highWaterMark: CURSOR_READ_AHEAD,
      rowMode: 'array',
    }),
  );
  const reading = cursor[Symbol.asyncIterator]() as AsyncIterator<unknown[]>;
  try {
    let answerTexts: Map<number, string> | undefined;
    let sinceTurn = 0;
    for (;;) {
      const next = await Promise.race([reading.next(), watch.lost]);
      if (next.done) break;
      answerTexts ??= await answerTextsById(db);
      yield exportRowOf(next.value as SelectedRow, answerTexts);
      // Rows already read come one after another as promises, without a turn of the event loop
      // between them: other requests would wait behind a whole batch of rows being written.
      if (++sinceTurn === ROWS_PER_TURN) {
        sinceTurn = 0;
        await nextTurn();
      }
    }
  } finally {
    watch.stop();
    if (!watch.isLost()) {
      // The cursor is closed (its Close and Sync answered) before the connection is lent again.
      if (!cursor.destroyed) cursor.destroy();
      if (!cursor.closed) await new Promise((resolve) => cursor.once('close', resolve));
      // The pool's other users get the connection as they would any other.
      await connection.query('RESET jit').catch(() => undefined);
    }
    await db.client.releaseConnection(connection);
  }
}

/**
 * The matching submissions with the first row already read, or null when nothing matches: the
 * read the export needs anyway answers whether it is empty, with no query of its own. `close`
 * closes the cursor and gives its connection back, however far the rows were read: the generator
 * handed out cannot, as closing a generator that has not started runs none of its code.
 */
async function startedRows(
  db: Database,
  filter: ExportFilter,
): Promise<{ rows: AsyncGenerator<ExportRow>; close: () => Promise<unknown> } | null> {
  const cursor = exportRows(db, filter);
  const first = await cursor.next();
  if (first.done) return null;
  const rows = (async function* () {
    yield first.value;
    yield* cursor;
  })();
  return { rows, close: () => cursor.return(undefined) };
}

/** The export as lines of cells: a header line, then one per submission (or, transposed, per column). */
async function* sheetLines(
  rows: AsyncIterable<ExportRow>,
  transpose: boolean,
  columns: Column[],
): AsyncGenerator<Cell[]> {
  if (!transpose) {
    yield columns.map((c) => neutralised(c.header));
    for await (const row of rows) {
      yield columns.map((c) => neutralised(c.cell(row)));
    }
    return;
  }
  // Transposed: a column per submission, so every submission is needed before the first line. The
  // count was capped before the response started, which bounds what is held here.
  const cells: Cell[][] = columns.map((c) => [neutralised(c.header)]);
  for await (const row of rows) {
    columns.forEach((c, i) => cells[i]!.push(neutralised(c.cell(row))));
  }
  yield* cells;
}

/** Why an export found nothing, naming what narrowed it: "… (the domain a.example and these dates) …". */
function nothingMatches(filter: ExportFilter): NotFoundError {
  const narrowed = [
    filter.domain !== undefined ? `the domain ${filter.domain}` : null,
    filter.startDate !== undefined || filter.endDate !== undefined ? 'these dates' : null,
    filter.submitterEmails.length > 0 ? 'these submitters' : null,
  ].filter((part) => part !== null);
  const last = narrowed.pop();
  const which = last === undefined ? '' : ` (${[narrowed.join(', '), last].filter(Boolean).join(' and ')})`;
  return new NotFoundError(`${EXPORT_NOTHING_MATCHES}${which}, so there is no file to save.`);
}

function pastTransposeCap(count: number): InvalidFieldError {
  return new InvalidFieldError(
    'transpose',
    `a transposed export holds at most ${TRANSPOSE_MAX_SUBMISSIONS} submissions (one per column); ` +
      `this one has ${count}. Narrow the dates or emails, or export without transposing.`,
  );
}

/**
 * What the export with this filter would refuse (nothing matches, a transposed export past its
 * cap) before a browser hands its download to the download manager, where an error could not be
 * shown; else how many submissions it holds.
 */
export async function checkExport(db: Database, filter: ExportFilter): Promise<{ submissions: number }> {
  const count = await countMatching(db, filter);
  if (filter.transpose && count > TRANSPOSE_MAX_SUBMISSIONS) throw pastTransposeCap(count);
  if (count === 0) throw nothingMatches(filter);
  return { submissions: count };
}

async function countMatching(db: Database, filter: ExportFilter): Promise<number> {
  const row = await db('submissions as s')
    .modify(filterOf(filter))
    .count<{ count: string | number }>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

/**
 * `submissions-<domain>-<YYYY-MM-DD>.<ext>` (`all-domains` without one), with only characters safe
 * in a header and a file name.
 */
export function exportFileName(domain: string | undefined, format: ExportFormat, now = new Date()): string {
  const safeDomain = domain === undefined ? 'all-domains' : domain.replace(/[^a-z0-9.-]/gi, '_');
  return `submissions-${safeDomain}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Starts an export of one domain's submissions, or every domain's. Refusals (nothing matches, a
 * transposed export past its cap) are thrown before anything is sent; after that the file streams,
 * and a failure midway ends the download early and is logged.
 */
export async function exportSubmissions(
  db: Database,
  filter: ExportFilter,
  logger: Pick<Logger, 'error'>,
): Promise<ExportFile> {
  let transposedCount = 0;
  let started: Awaited<ReturnType<typeof startedRows>>;
  if (filter.transpose) {
    const count = (transposedCount = await countMatching(db, filter));
    if (count > TRANSPOSE_MAX_SUBMISSIONS) throw pastTransposeCap(count);
    // Not started: the cursor takes its connection when the first row is asked for.
    const rows = exportRows(db, filter);
    started = count === 0 ? null : { rows, close: () => rows.return(undefined) };
  } else {
    started = await startedRows(db, filter);
  }
  // A file of headers only looks like a broken export; saying so lets the person widen the filter.
  if (!started) throw nothingMatches(filter);
  let columns: Column[];
  try {
    columns = await columnsFor(db, filter);
  } catch (error) {
    // The cursor already holds a connection: give it back before answering with the error.
    await started.close();
    throw error;
  }
  const lines = sheetLines(started.rows, filter.transpose, columns);
  const fileName = exportFileName(filter.domain, filter.format);
  const failed = (error: Error | null | undefined) => {
    // The client going away (a cancelled download) is not a failure of ours.
    if (!error || (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    logger.error({ err: error }, `Export of ${filter.domain ?? 'all domains'} failed midway`);
  };

  const widths = filter.transpose
    ? [40, ...Array.from({ length: transposedCount }, () => 24)]
    : columns.map((c) => c.width);
  return {
    fileName,
    contentType:
      filter.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: closingWith(
      sheetStream(filter.format, lines, { widths, transposed: filter.transpose }, failed),
      started.close,
    ),
  };
}

/**
 * `stream`, which runs `close` once it has closed, however it ended: read to the end, failed, or
 * destroyed unread (a HEAD request, a client gone before the body started).
 */
function closingWith(stream: Readable, close: () => Promise<unknown>): Readable {
  const closeQuietly = () => void close().catch(() => undefined);
  if (stream.closed) closeQuietly();
  else stream.once('close', closeQuietly);
  return stream;
}

/**
 * The file of these lines, streamed: a line is taken from `lines` only when the reader of the file
 * has room for more, so a slow download holds the export back instead of queueing it in memory.
 * A failure midway is given to `failed` and ends the stream early.
 */
export function sheetStream(
  format: ExportFormat,
  lines: AsyncIterable<Cell[]>,
  xlsx: { widths: number[]; transposed: boolean },
  failed: (error: Error | null | undefined) => void,
): Readable {
  if (format === 'csv') {
    // Not an object-mode stream: Readable.from pulls the next chunk only when the one before has
    // been read, and then only a chunk (not a line) at a time.
    return Readable.from(reporting(csvText(lines), failed), { objectMode: false });
  }
  const out = new PassThrough();
  writeXlsx(out, lines, { sheetName: 'Submissions', ...xlsx }).catch((error: Error) => {
    failed(error);
    out.destroy(error);
  });
  return out;
}

/** `chunks`, giving a failure midway to `failed` before the stream that reads them ends in it. */
async function* reporting<T>(chunks: AsyncIterable<T>, failed: (error: Error) => void): AsyncGenerator<T> {
  try {
    yield* chunks;
  } catch (error) {
    failed(error as Error);
    throw error;
  }
}

/** Quoted when it holds a delimiter, a quote or a line break, as RFC 4180 (and csv-stringify) do. */
const NEEDS_QUOTES = /[",\n\r]/;

/** One CSV field, written as csv-stringify wrote it before (its output is what the tests pin). */
function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'string') return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  if (typeof value === 'number') return String(value);
  return submittedAtText(value);
}

/** About this many characters of CSV are handed on at once: a line each was most of the time. */
const CSV_CHUNK = 64 * 1024;

/**
 * The CSV text of these lines, a chunk of many lines at a time. The BOM tells Excel the file is
 * UTF-8, so accents and non-Latin names read correctly.
 */
export async function* csvText(lines: AsyncIterable<Cell[]>): AsyncGenerator<Buffer> {
  let text = '\uFEFF';
  for await (const line of lines) {
    let record = '';
    for (let i = 0; i < line.length; i++) record += (i === 0 ? '' : ',') + csvField(line[i]!);
    text += record + '\n';
    if (text.length >= CSV_CHUNK) {
      yield Buffer.from(text);
      text = '';
    }
  }
  yield Buffer.from(text);
}
