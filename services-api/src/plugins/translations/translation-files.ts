import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { js2xliff, xliff2js } from 'xliff';
import { InvalidFieldError } from '../../domain/errors.js';

/** One text of a translation file: its unit id, what it says for the translator, and both texts. */
export interface FileUnit {
  unit: string;
  context: string;
  source: string;
  /** The translation, or undefined when the language has none yet. */
  target: string | undefined;
}

/** What an imported file holds: the language it claims to be (XLIFF says it; CSV does not) and its units. */
export interface ParsedFile {
  targetLanguage: string | undefined;
  units: { unit: string; target: string }[];
}

/** The XLIFF <file> every unit sits in; a translator's tool keeps it, the import reads any. */
const XLIFF_FILE_ID = 'msp-assessment';
const CSV_HEADER = ['unit', 'context', 'source', 'target'] as const;
/** Excel reads a CSV as the machine's code page unless it starts with a byte order mark. */
const BOM = '\uFEFF';

/** An XLIFF 2.0 document: srcLang the default language, trgLang this one, a note with each unit's context. */
export async function toXliff(sourceLanguage: string, targetLanguage: string, units: readonly FileUnit[]) {
  const resources: Record<string, { source: string; target?: string; note: string }> = {};
  for (const { unit, context, source, target } of units)
    resources[unit] = target === undefined ? { source, note: context } : { source, target, note: context };
  const xml = await js2xliff({ sourceLanguage, targetLanguage, resources: { [XLIFF_FILE_ID]: resources } });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

/** Reads an XLIFF 2.0 document's units (every <file>, groups flattened); a text with markup is refused. */
export async function fromXliff(text: string): Promise<ParsedFile> {
  let document: Awaited<ReturnType<typeof xliff2js>>;
  try {
    document = await xliff2js(text);
  } catch (error) {
    throw new InvalidFieldError('body', `is not an XLIFF 2.0 document (${(error as Error).message})`);
  }
  if (!document?.resources) throw new InvalidFieldError('body', 'is not an XLIFF 2.0 document');
  const units: ParsedFile['units'] = [];
  const visit = (entries: Record<string, XliffEntry>) => {
    for (const [unit, entry] of Object.entries(entries)) {
      if (entry.groupUnits) {
        visit(entry.groupUnits);
        continue;
      }
      const target = entry.target ?? '';
      if (typeof target !== 'string')
        throw new InvalidFieldError(unit, 'has inline markup in its target; write it as plain text');
      units.push({ unit, target });
    }
  };
  for (const file of Object.values(document.resources)) visit(file as Record<string, XliffEntry>);
  return { targetLanguage: document.targetLanguage || undefined, units };
}

interface XliffEntry {
  target?: unknown;
  groupUnits?: Record<string, XliffEntry>;
}

/** A CSV file (unit, context, source, target), RFC 4180 quoted, UTF-8 with a byte order mark. */
export function toCsv(units: readonly FileUnit[]): string {
  const rows = units.map(({ unit, context, source, target }) => [unit, context, source, target ?? '']);
  return BOM + stringify([[...CSV_HEADER], ...rows], { record_delimiter: '\r\n' });
}

/** Reads a CSV file with a header naming at least `unit` and `target` (the other columns are for people). */
export function fromCsv(text: string): ParsedFile {
  let records: Record<string, string>[];
  try {
    records = parse(text, { bom: true, columns: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    throw new InvalidFieldError('body', `is not a CSV file (${(error as Error).message})`);
  }
  const first = records[0];
  if (first && !('unit' in first && 'target' in first))
    throw new InvalidFieldError('body', 'needs a header row with the columns unit and target');
  return {
    targetLanguage: undefined,
    units: records.map((record) => ({ unit: record.unit ?? '', target: record.target ?? '' })),
  };
}
