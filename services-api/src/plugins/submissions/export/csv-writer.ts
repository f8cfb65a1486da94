import type { Cell } from './cells.js';

function submittedAtText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
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
