import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from './cells.js';
import { csvText } from './csv-writer.js';

/** What csv-stringify wrote for these lines with the options the export used before it wrote CSV itself. */
function stringified(lines: Cell[][]): Buffer {
  const text = stringify(lines, {
    bom: true,
    cast: { date: (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ') },
  });
  return Buffer.from(text);
}

async function written(lines: Cell[][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of csvText(
    (async function* () {
      yield* lines;
    })(),
  ))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

const cell: fc.Arbitrary<Cell> = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', 'é', ' ', ',', '"', '\n', '\r', "'", '=', '-', '1', '.', '\t', '😀'),
  }),
  fc.string(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2999-12-31T23:59:59Z'),
    noInvalidDate: true,
  }),
  fc.constant(null),
  fc.constant(''),
);

describe('the export CSV writer', () => {
  it('writes byte for byte what csv-stringify wrote: BOM, quoting, numbers, dates and empty cells', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 8 }), { maxLength: 20 }),
        async (lines) => {
          expect(await written(lines)).toEqual(stringified(lines));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hands the text on in chunks of many lines, whole lines each', async () => {
    const lines: Cell[][] = Array.from({ length: 5_000 }, (_, i) => [i, `line ${i}, with "quotes"`, null]);
    const chunks: Buffer[] = [];
    for await (const chunk of csvText(
      (async function* () {
        yield* lines;
      })(),
    ))
      chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(lines.length / 100);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.at(-1)).toBe(0x0a);
    expect(Buffer.concat(chunks)).toEqual(stringified(lines));
  });
});
