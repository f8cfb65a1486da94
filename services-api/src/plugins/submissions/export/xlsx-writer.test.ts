import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx, XLSX_DATE_FORMAT, type XlsxCell } from './xlsx-writer.js';

async function workbookOf(lines: XlsxCell[][], transposed = false): Promise<ExcelJS.Worksheet> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeXlsx(
    out,
    (async function* () {
      yield* lines;
    })(),
    { sheetName: 'Sheet & <more>', widths: lines[0]!.map((_, i) => 10 + i), transposed },
  );
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('the XLSX writer', () => {
  it('writes text, numbers, dates and blanks as the cells they are, past column Z', async () => {
    const when = new Date('2026-03-04T05:06:07.000Z');
    const header = Array.from({ length: 30 }, (_, i) => `Column ${i + 1}`);
    const row: XlsxCell[] = Array.from({ length: 30 }, (_, i) => i * 1.5);
    row[0] = when;
    row[1] = 'a < b & "c" > d';
    row[2] = '  spaced  ';
    row[3] = 'bell\u0007 and\ttab\nline';
    row[4] = null;
    row[5] = '';
    row[6] = 'Ünïcödé — 東京 🚀';
    row[29] = 'last';
    const sheet = await workbookOf([header, row]);

    expect(sheet.name).toBe('Sheet & <more>');
    expect(sheet.getRow(1).values).toEqual([undefined, ...header]);
    const cells = sheet.getRow(2);
    expect(cells.getCell(1).value).toEqual(when);
    expect(cells.getCell(1).numFmt).toBe(XLSX_DATE_FORMAT);
    expect(cells.getCell(2).value).toBe('a < b & "c" > d');
    expect(cells.getCell(3).value).toBe('  spaced  ');
    // XML 1.0 cannot hold the bell: it is dropped, the tab and line break stay.
    expect(cells.getCell(4).value).toBe('bell and\ttab\nline');
    expect(cells.getCell(5).value).toBeNull();
    expect(cells.getCell(7).value).toBe('Ünïcödé — 東京 🚀');
    expect(cells.getCell(8).value).toBe(10.5);
    expect(cells.getCell(30).value).toBe('last');
    expect(sheet.getCell('AD2').value).toBe('last');
  });

  it('makes the first line a bold header kept in view, with the columns’ widths', async () => {
    const sheet = await workbookOf([
      ['Name', 'Score'],
      ['Dana', 3],
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect([sheet.getColumn(1).width, sheet.getColumn(2).width]).toEqual([10, 11]);
  });

  it('keeps the first column in view too when transposed, and its dates bold date cells', async () => {
    const when = new Date('2026-01-02T03:04:05.000Z');
    const sheet = await workbookOf(
      [
        ['Submitted At (UTC)', when],
        ['Name', 'Dana'],
      ],
      true,
    );
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    expect(sheet.getRow(1).getCell(2).value).toEqual(when);
    expect(sheet.getRow(1).getCell(2).numFmt).toBe(XLSX_DATE_FORMAT);
    expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true);
  });
});
