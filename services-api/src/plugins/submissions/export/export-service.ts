import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat } from '@msp/shared';
import { ATTRIBUTION_FILTER_NAMES, EXPORT_NOTHING_MATCHES, EXPORT_TRANSPOSE_MAX } from '@msp/shared';
import type { Database } from '../../../db/knex.js';
import { InvalidFieldError, NotFoundError } from '../../../domain/errors.js';
import type { Logger } from '../../../logger.js';
import { neutralised, type Cell } from './cells.js';
import { columnsFor, type Column } from './columns.js';
import { csvText } from './csv-writer.js';
import { exportRows, startedRows } from './cursor.js';
import { countExported, type ExportFilter, type ExportRow } from './query.js';
import { writeXlsx } from './xlsx-writer.js';

export type { ExportFilter } from './query.js';

/** The shared cap on a transposed export (one column per submission). */
export const TRANSPOSE_MAX_SUBMISSIONS = EXPORT_TRANSPOSE_MAX;

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
    ...ATTRIBUTION_FILTER_NAMES.map((name) => (filter[name] ? `the ${name} ${filter[name]}` : null)),
    filter.language ? `the language ${filter.language}` : null,
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
  const count = await countExported(db, filter);
  if (filter.transpose && count > TRANSPOSE_MAX_SUBMISSIONS) throw pastTransposeCap(count);
  if (count === 0) throw nothingMatches(filter);
  return { submissions: count };
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
    const count = (transposedCount = await countExported(db, filter));
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
