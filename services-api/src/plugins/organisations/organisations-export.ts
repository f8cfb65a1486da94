import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat, Organisation } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { neutralised, type Cell } from '../submissions/export/cells.js';
import { csvText } from '../submissions/export/csv-writer.js';
import { writeXlsx } from '../submissions/export/xlsx-writer.js';
import { organisationRows, withVerifiedMembers, type OrganisationFilter } from './organisations-service.js';

/**
 * Organisations read per query. Offset pages in the list's own order (index scans, so a deep one
 * still costs milliseconds): a slow download holds no connection between them. An organisation
 * whose figures change mid-download may move across a page boundary; the file is a snapshot of
 * figures that change with every submission anyway.
 */
const EXPORT_BATCH = 1000;

async function* exportedOrganisations(
  db: Database,
  filter: OrganisationFilter,
): AsyncGenerator<Organisation> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await organisationRows(db, filter, EXPORT_BATCH, offset);
    yield* await withVerifiedMembers(db, rows);
    if (rows.length < EXPORT_BATCH) return;
  }
}

const COLUMNS: { header: string; width: number; cell: (o: Organisation) => Cell }[] = [
  { header: 'Domain', width: 32, cell: (o) => o.domain },
  { header: 'Members', width: 10, cell: (o) => o.members },
  { header: 'Verified Members', width: 16, cell: (o) => o.verifiedMembers },
  { header: 'Submissions', width: 12, cell: (o) => o.submissions },
  { header: 'First Submitted (UTC)', width: 20, cell: (o) => new Date(o.firstSubmittedAt) },
  { header: 'Last Submitted (UTC)', width: 20, cell: (o) => new Date(o.lastSubmittedAt) },
  { header: 'Team Level (0-3)', width: 16, cell: (o) => o.teamLevel },
  { header: 'Team Average (%)', width: 16, cell: (o) => o.teamAverage },
  { header: 'Trend (points)', width: 14, cell: (o) => o.trend },
];

async function* lines(db: Database, filter: OrganisationFilter): AsyncGenerator<Cell[]> {
  yield COLUMNS.map((c) => c.header);
  for await (const organisation of exportedOrganisations(db, filter))
    yield COLUMNS.map((c) => neutralised(c.cell(organisation)));
}

export const ORGANISATIONS_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Every organisation the search finds, in the list's order, as CSV or XLSX written as the
 * submissions export writes them (CSV with a BOM and no cell that runs as a formula; XLSX with
 * date cells), streamed with backpressure.
 */
export function organisationsFile(db: Database, filter: OrganisationFilter, format: ExportFormat): Readable {
  if (format === 'csv') return Readable.from(csvText(lines(db, filter)), { objectMode: false });
  const out = new PassThrough();
  writeXlsx(out, lines(db, filter), {
    sheetName: 'Organisations',
    widths: COLUMNS.map((c) => c.width),
    transposed: false,
  }).catch((error: Error) => out.destroy(error));
  return out;
}

/** `organisations-<YYYY-MM-DD>.csv` or `.xlsx`. */
export function organisationsFileName(format: ExportFormat, now = new Date()): string {
  return `organisations-${now.toISOString().slice(0, 10)}.${format}`;
}
