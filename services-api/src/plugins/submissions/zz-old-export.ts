import { EventEmitter } from 'node:events';
import { PassThrough, Readable, pipeline, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import type { ExportFormat, ParsedQuery, submissionRoutes } from '@msp/shared';
import { EXPORT_NOTHING_MATCHES, EXPORT_TRANSPOSE_MAX, levelName, roundTo1 } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { DemographicFieldModel } from '../../db/models/content.js';
import { InvalidFieldError, NotFoundError } from '../../domain/errors.js';
import type { Logger } from '../../logger.js';
import { withinDays } from './admin-submissions-service.js';

export type ExportFilter = ParsedQuery<typeof submissionRoutes.exportSubmissions>;

/** The shared cap on a transposed export (one column per submission). */
export const TRANSPOSE_MAX_SUBMISSIONS = EXPORT_TRANSPOSE_MAX;

/**
 * Rows read per query. A batch lives until its last row is written: at 500 rows it outlived the
 * young generation and was promoted whole, so the heap grew by some 130 MB of dead rows between full
 * collections. At 100 rows it dies young, for one more index seek per 100 rows.
 */
const BATCH_SIZE = 100;

/** A Date is written as a real date cell in XLSX and as `YYYY-MM-DD HH:MM:SS` (UTC) text in CSV. */
export type Cell = string | number | Date | null;

/** One submission as the export reads it, a batch at a time. */
interface ExportRow {
  id: string;
  /** submitted_at as PostgreSQL prints it, microseconds included: the keyset cursor. */
  cursor: string;
  submitted_at: Date;
  demographic_data: Record<string, string>;
  overall_level: number;
  cumulative_average: number;
  /** The chosen answer's text by question key: only what the sheet shows of the frozen answers. */
  chosen: Record<string, string> | null;
}

interface ScoreCells {
  level: number;
  percentage: number;
}

/** One submission of the export, with its pillars' cells by pillar key. */
type ExportEntry = { row: ExportRow; scores: Map<string, ScoreCells> };

interface Column {
  header: string;
  width: number;
  cell: (row: ExportRow, scores: Map<string, ScoreCells>) => Cell;
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
  const [fields, pillars, questions] = await Promise.all([
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
      .modify(filterOf(filter))
      .select<{ questionKey: string; questionText: string }[]>(
        db.raw(`a->>'questionKey' as "questionKey"`),
        db.raw(`max(a->>'questionText') as "questionText"`),
      )
      .groupByRaw(`a->>'questionKey'`)
      .orderByRaw(`min((a->>'questionOrder')::int), min((a->>'questionId')::int)`),
  ]);

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
    { header: 'Average Score (%)', width: 14, cell: (row) => roundTo1(Number(row.cumulative_average)) },
  ];
  for (const pillar of pillars) {
    const id = pillar.pillarKey;
    columns.push(
      {
        header: `${pillar.pillarName} Level`,
        width: widthFor(`${pillar.pillarName} Level`),
        cell: (_row, scores) => scores.get(id)?.level ?? null,
      },
      {
        header: `${pillar.pillarName} (%)`,
        width: widthFor(`${pillar.pillarName} (%)`),
        cell: (_row, scores) => scores.get(id)?.percentage ?? null,
      },
    );
  }
  for (const question of questions) {
    const key = question.questionKey;
    columns.push({
      header: question.questionText,
      width: 40,
      cell: (row) => row.chosen?.[key] ?? null,
    });
  }
  return columns;
}

/**
 * The matching submissions, oldest first, with their pillar scores: read in keyset batches on the
 * (email_domain, submitted_at, id) index, or (submitted_at, id) for every domain, so memory holds
 * one batch whatever the export's size.
 */
async function* exportRows(db: Database, filter: ExportFilter): AsyncGenerator<ExportEntry> {
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const batch: ExportRow[] = await db('submissions as s')
      .modify(filterOf(filter))
      .modify((builder) => {
        if (after)
          builder.whereRaw('(s.submitted_at, s.id) > (?::timestamptz, ?::uuid)', [after.cursor, after.id]);
      })
      .select(
        's.id',
        db.raw('s.submitted_at::text as cursor'),
        's.submitted_at',
        's.demographic_data',
        's.overall_level',
        's.cumulative_average',
        // Picked in SQL: parsing every frozen answer whole (texts, allocations) made most of the
        // export's garbage, and so most of its memory.
        db.raw(
          `(SELECT jsonb_object_agg(a->>'questionKey', a->>'answerText') FROM jsonb_array_elements(s.answers) a) AS chosen`,
        ),
      )
      .orderBy([{ column: 's.submitted_at' }, { column: 's.id' }])
      .limit(BATCH_SIZE);
    if (batch.length === 0) return;
    const scoreRows = await db('submission_pillar_scores')
      .whereIn(
        'submission_id',
        batch.map((row) => row.id),
      )
      .select<{ submission_id: string; pillar_key: string; level: number; percentage: number }[]>(
        'submission_id',
        'pillar_key',
        'level',
        'percentage',
      );
    const scores = new Map<string, Map<string, ScoreCells>>();
    for (const s of scoreRows) {
      const own = scores.get(s.submission_id) ?? new Map<string, ScoreCells>();
      own.set(s.pillar_key, { level: s.level, percentage: roundTo1(Number(s.percentage)) });
      scores.set(s.submission_id, own);
    }
    const last = batch[batch.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
    const more = batch.length === BATCH_SIZE;
    // Each row is let go once handed on, rather than held until its whole batch is written.
    for (let row = batch.shift(); row; row = batch.shift()) {
      const own = scores.get(row.id) ?? new Map<string, ScoreCells>();
      scores.delete(row.id);
      yield { row, scores: own };
    }
    if (!more) return;
  }
}

/**
 * The matching submissions with the first batch already read, or null when nothing matches: the
 * read the export needs anyway answers whether it is empty, with no query of its own.
 */
async function startedRows(db: Database, filter: ExportFilter): Promise<AsyncIterable<ExportEntry> | null> {
  const rows = exportRows(db, filter);
  const first = await rows.next();
  if (first.done) return null;
  return (async function* () {
    yield first.value;
    yield* rows;
  })();
}

/** The export as lines of cells: a header line, then one per submission (or, transposed, per column). */
async function* sheetLines(
  rows: AsyncIterable<ExportEntry>,
  transpose: boolean,
  columns: Column[],
): AsyncGenerator<Cell[]> {
  if (!transpose) {
    yield columns.map((c) => neutralised(c.header));
    for await (const { row, scores } of rows) {
      yield columns.map((c) => neutralised(c.cell(row, scores)));
    }
    return;
  }
  // Transposed: a column per submission, so every submission is needed before the first line. The
  // count was capped before the response started, which bounds what is held here.
  const cells: Cell[][] = columns.map((c) => [neutralised(c.header)]);
  for await (const { row, scores } of rows) {
    columns.forEach((c, i) => cells[i]!.push(neutralised(c.cell(row, scores))));
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
  let rows: AsyncIterable<ExportEntry> | null;
  if (filter.transpose) {
    const count = (transposedCount = await countMatching(db, filter));
    if (count > TRANSPOSE_MAX_SUBMISSIONS) {
      throw new InvalidFieldError(
        'transpose',
        `a transposed export holds at most ${TRANSPOSE_MAX_SUBMISSIONS} submissions (one per column); ` +
          `this one has ${count}. Narrow the dates or emails, or export without transposing.`,
      );
    }
    rows = count === 0 ? null : exportRows(db, filter);
  } else {
    rows = await startedRows(db, filter);
  }
  // A file of headers only looks like a broken export; saying so lets the person widen the filter.
  if (!rows) throw nothingMatches(filter);
  const columns = await columnsFor(db, filter);
  const lines = sheetLines(rows, filter.transpose, columns);
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
    stream: sheetStream(filter.format, lines, { widths, transposed: filter.transpose }, failed),
  };
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
    // The BOM tells Excel the file is UTF-8, so accents and non-Latin names read correctly.
    const csv = stringify({ bom: true, cast: { date: submittedAtText } });
    pipeline(Readable.from(lines), csv, failed);
    return csv;
  }
  const out = new PassThrough();
  writeXlsx(out, lines, xlsx.widths, xlsx.transposed).catch((error: Error) => {
    failed(error);
    out.destroy(error);
  });
  return out;
}

/** Resolves when `stream` wants more, or when `out` (the response) is closed. */
function drained(stream: EventEmitter, out: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (out.destroyed) return resolve();
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    out.on('close', done);
  });
}

/** A writable stream's own buffer state, as both Node's streams and readable-stream 2 keep it. */
type BufferedWritable = EventEmitter & { _writableState?: { needDrain?: boolean } };

/**
 * The stream that takes the sheet's XML into the zip, where the backpressure of the whole chain
 * (deflate, zip, response) shows. exceljs's own buffer writes into it without heeding write()'s
 * answer, so when only the response was waited on, a download slower than the export let the sheet
 * queue up here. Reached through exceljs 4 internals; if they change, only the response is waited on.
 */
function sheetEntryOf(sheet: ExcelJS.Worksheet): BufferedWritable | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  const entry: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  return entry instanceof EventEmitter && '_writableState' in entry ? (entry as BufferedWritable) : undefined;
}

/**
 * Every cell's style, for the rows after the header. exceljs gives each cell a style object of its
 * own and looks each up by identity (a WeakMap) and then by its XML, so a million cells made a
 * million entries and style strings; one shared object is looked up once.
 */
const PLAIN_STYLE: Partial<ExcelJS.Style> = {};

/** A date cell's number format: the CSV's text, so both files read alike, but a date Excel can sort and filter. */
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: DATE_FORMAT };

/**
 * Streams the sheet through exceljs's streaming writer: each row is committed (written out and
 * dropped) as soon as it is added, strings are inline (no shared-strings table growing in memory),
 * and the writer waits whenever the zip or the client falls behind.
 */
async function writeXlsx(
  out: Writable,
  lines: AsyncIterable<Cell[]>,
  widths: number[],
  transposed: boolean,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Submissions', {
    views: [{ state: 'frozen', xSplit: transposed ? 1 : 0, ySplit: 1 }],
  });
  sheet.columns = widths.map((width) => ({ width }));
  const entry = sheetEntryOf(sheet);
  let first = true;
  for await (const line of lines) {
    const row = sheet.addRow(line);
    if (first) {
      row.font = { bold: true };
      // Transposed, the first line holds the submission times.
      row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
      });
    } else {
      row.eachCell({ includeEmpty: true }, (cell) => {
        cell.style = cell.value instanceof Date ? DATE_STYLE : PLAIN_STYLE;
      });
    }
    first = false;
    row.commit();
    if (entry?._writableState?.needDrain) await drained(entry, out);
    else if (out.writableNeedDrain) await drained(out, out);
    // The client went away: stop reading; leaving the loop closes the row generator.
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
