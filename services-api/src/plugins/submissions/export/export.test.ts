import type { ErrorBody } from '@msp/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../../test/auth-helpers.js';
import { backdate, submissionFingerprint, submitAs } from '../../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import type { Cell } from './cells.js';
import { sheetStream, TRANSPOSE_MAX_SUBMISSIONS } from './export-service.js';

const EXPORT = '/api/admin/submissions/export/csv';
const V1_EXPORT = '/api/v1/submissions/export';

describe.each(testDatabaseKinds)('submissions export on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  const today = new Date().toISOString().slice(0, 10);

  const download = (query: string) =>
    app.server.inject({ url: `${EXPORT}?${query}`, headers: admin.headers });
  const csvRows = async (query: string) => {
    const response = await download(query);
    expect(response.statusCode, response.payload.slice(0, 300)).toBe(200);
    return parse(response.rawPayload, { bom: true }) as string[][];
  };
  const sheetOf = async (query: string) => {
    const response = await download(query);
    expect(response.statusCode, response.payload.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook.getWorksheet('Submissions')!;
  };
  const valuesOf = (sheet: ExcelJS.Worksheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const people = [
      [{ first_name: 'Dana', email_address: 'dana@northwind-it.example' }, '2025-01-15T10:00:00Z', 3],
      [
        { first_name: 'Zoë', last_name: 'Brontë', email_address: 'zoe@northwind-it.example' },
        '2025-02-10T09:30:00Z',
        0,
      ],
      [
        {
          first_name: '=HYPERLINK("http://evil.example","click")',
          last_name: '+1 555 0100',
          company: '@SUM(A1:A9)',
          email_address: 'mal@northwind-it.example',
        },
        '2025-03-05T12:00:00Z',
        1,
      ],
      [{ first_name: 'Sam', email_address: 'sam@contoso.example' }, '2025-02-11T08:00:00Z', 2],
    ] as const;
    for (const [overrides, at, maturity] of people) {
      await backdate(app, await submitAs(app, overrides, maturity), at);
    }
  });
  afterAll(() => app?.close());

  describe('CSV', () => {
    it("streams one row per submission of the domain, oldest first, with a BOM and the file's name", async () => {
      const response = await download('domain=northwind-it.example');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="submissions-northwind-it.example-${today}.csv"`,
      );
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      const [header, ...rows] = parse(response.rawPayload, { bom: true }) as string[][];
      const questions = await app.db('questions').orderBy('order').select('text');
      expect(header!.slice(0, 8)).toEqual([
        'Submitted At (UTC)',
        'First Name',
        'Last Name',
        'Email Address',
        'Company Name',
        'Number of Employees in Your Company',
        'Number of Companies Your MSP Manages',
        'Your Role',
      ]);
      expect(header).toContain('Overall Level');
      expect(header).toContain('Average Score (%)');
      for (const pillar of ['Expertise', 'Processes', 'Alignment', 'Leadership', 'Tooling', 'KPIs']) {
        expect(header).toContain(`${pillar} Level`);
        expect(header).toContain(`${pillar} (%)`);
      }
      expect(header!.slice(-questions.length)).toEqual(questions.map((q) => q.text));

      expect(rows.map((row) => row[3])).toEqual([
        'dana@northwind-it.example',
        'zoe@northwind-it.example',
        'mal@northwind-it.example',
      ]);
      const dana = rows[0]!;
      expect(dana[0]).toBe('2025-01-15 10:00:00');
      expect(dana[header!.indexOf('Overall Level')]).toBe('3 Mature');
      expect(dana[header!.indexOf('Average Score (%)')]).toBe('100');
      expect(dana[header!.indexOf('KPIs Level')]).toBe('3 Mature');
      // Every level, the overall one and each pillar's, is written one way: its number and name.
      const levelColumns = header!.flatMap((name, index) => (name.endsWith(' Level') ? [index] : []));
      expect(levelColumns).toHaveLength(7);
      for (const row of rows) {
        for (const index of levelColumns) expect(row[index]).toMatch(/^[0-3] (None|Some|Advanced|Mature)$/);
      }
      expect(dana[header!.indexOf('KPIs (%)')]).toBe('100');
      // Every question has the answer chosen.
      expect(dana.slice(-questions.length).every((answer) => answer.length > 0)).toBe(true);
      // Accents survive the round trip.
      expect(rows[1]!.slice(1, 3)).toEqual(['Zoë', 'Brontë']);
    });

    it('neutralises cells a spreadsheet would run as formulas', async () => {
      const rows = await csvRows('domain=northwind-it.example&submitterEmails=mal@northwind-it.example');
      const [header, mal] = rows;
      expect(mal!.slice(1, 5)).toEqual([
        `'=HYPERLINK("http://evil.example","click")`,
        "'+1 555 0100",
        'mal@northwind-it.example',
        "'@SUM(A1:A9)",
      ]);
      expect(header!.every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);
    });

    it.each([
      ['startDate=2025-02-10', ['zoe', 'mal']],
      ['endDate=2025-02-10', ['dana', 'zoe']],
      ['startDate=2025-02-10&endDate=2025-02-10', ['zoe']],
      ['submitterEmails=ZOE@northwind-it.example, dana@northwind-it.example', ['dana', 'zoe']],
    ])('filters by %s', async (filter, expected) => {
      const [header, ...rows] = await csvRows(`domain=northwind-it.example&${filter}`);
      expect(header![0]).toBe('Submitted At (UTC)');
      expect(rows.map((row) => row[3])).toEqual(expected.map((name) => `${name}@northwind-it.example`));
    });

    it('turns submissions into columns when transposed', async () => {
      const rows = await csvRows('domain=northwind-it.example&transpose=true');
      expect(rows[0]).toEqual([
        'Submitted At (UTC)',
        '2025-01-15 10:00:00',
        '2025-02-10 09:30:00',
        '2025-03-05 12:00:00',
      ]);
      const emailRow = rows.find((row) => row[0] === 'Email Address')!;
      expect(emailRow.slice(1)).toEqual([
        'dana@northwind-it.example',
        'zoe@northwind-it.example',
        'mal@northwind-it.example',
      ]);
      expect(rows.every((row) => row.length === 4)).toBe(true);
    });
  });

  describe('XLSX', () => {
    it('writes a workbook Excel can read: header frozen, widths set, one row per submission', async () => {
      const response = await download('domain=northwind-it.example&format=xlsx');
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="submissions-northwind-it.example-${today}.xlsx"`,
      );
      const sheet = await sheetOf('domain=northwind-it.example&format=xlsx');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getColumn(1).width).toBe(20);
      expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(12);
      const [header, ...rows] = valuesOf(sheet);
      expect(header!.slice(0, 2)).toEqual(['Submitted At (UTC)', 'First Name']);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(rows.map((row) => row[3])).toEqual([
        'dana@northwind-it.example',
        'zoe@northwind-it.example',
        'mal@northwind-it.example',
      ]);
      expect(rows[1]!.slice(1, 3)).toEqual(['Zoë', 'Brontë']);
      expect(rows[0]![header!.indexOf('Average Score (%)')]).toBe(100);
    });

    it('stores formula-like text as text, never as a formula', async () => {
      const sheet = await sheetOf(
        'domain=northwind-it.example&format=xlsx&submitterEmails=mal@northwind-it.example',
      );
      const cell = sheet.getRow(2).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(`'=HYPERLINK("http://evil.example","click")`);
      expect(sheet.getRow(2).getCell(5).value).toBe("'@SUM(A1:A9)");
    });

    it('filters by dates and emails and transposes, as the CSV does', async () => {
      const sheet = await sheetOf(
        'domain=northwind-it.example&format=xlsx&transpose=true&startDate=2025-02-01&submitterEmails=zoe@northwind-it.example,mal@northwind-it.example',
      );
      const rows = valuesOf(sheet);
      expect(rows[0]).toEqual([
        'Submitted At (UTC)',
        new Date('2025-02-10T09:30:00Z'),
        new Date('2025-03-05T12:00:00Z'),
      ]);
      expect(sheet.getRow(1).getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    });

    it('writes the submission times as date cells with a date format, not as text', async () => {
      const sheet = await sheetOf('domain=northwind-it.example&format=xlsx');
      const times = [2, 3, 4].map((row) => sheet.getRow(row).getCell(1));
      for (const cell of times) {
        expect(cell.type).toBe(ExcelJS.ValueType.Date);
        expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      }
      expect(times.map((cell) => (cell.value as Date).toISOString())).toEqual([
        '2025-01-15T10:00:00.000Z',
        '2025-02-10T09:30:00.000Z',
        '2025-03-05T12:00:00.000Z',
      ]);
      // Only the dates: the other cells keep their own types.
      expect(sheet.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.String);
    });
  });

  describe('all domains', () => {
    const everyone = [
      'dana@northwind-it.example',
      'zoe@northwind-it.example',
      'sam@contoso.example',
      'mal@northwind-it.example',
    ];

    it('exports every domain as one CSV row per submission when no domain is given', async () => {
      const response = await download('');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="submissions-all-domains-${today}.csv"`,
      );
      const [header, ...rows] = parse(response.rawPayload, { bom: true }) as string[][];
      expect(header!.slice(0, 4)).toEqual(['Submitted At (UTC)', 'First Name', 'Last Name', 'Email Address']);
      expect(rows.map((row) => row[3])).toEqual(everyone);
      expect(rows.map((row) => row[0])).toEqual([
        '2025-01-15 10:00:00',
        '2025-02-10 09:30:00',
        '2025-02-11 08:00:00',
        '2025-03-05 12:00:00',
      ]);
      expect(rows[2]![header!.indexOf('Overall Level')]).toBe('2 Advanced');
    });

    it('exports every domain as one XLSX row per submission, with date cells', async () => {
      const response = await download('format=xlsx&startDate=2025-02-01');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="submissions-all-domains-${today}.xlsx"`,
      );
      const sheet = await sheetOf('format=xlsx&startDate=2025-02-01');
      const [header, ...rows] = valuesOf(sheet);
      expect(header![0]).toBe('Submitted At (UTC)');
      expect(rows.map((row) => row[3])).toEqual(everyone.slice(1));
      expect(rows.map((row) => row[0])).toEqual([
        new Date('2025-02-10T09:30:00Z'),
        new Date('2025-02-11T08:00:00Z'),
        new Date('2025-03-05T12:00:00Z'),
      ]);
      expect(sheet.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    });

    it('exports every domain on /api/v1 when domain is left out, with a read key', async () => {
      const { token } = await createTestApiKey(app, 'read');
      const csv = await app.server.inject({ url: V1_EXPORT, headers: bearer(token) });
      expect(csv.statusCode, csv.payload.slice(0, 300)).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [, ...rows] = parse(csv.rawPayload, { bom: true }) as string[][];
      expect(rows.map((row) => row[3])).toEqual(everyone);

      const oneDomain = await app.server.inject({
        url: `${V1_EXPORT}?domain=contoso.example&format=xlsx`,
        headers: bearer(token),
      });
      expect(oneDomain.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(oneDomain.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Submissions')!;
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(2).getCell(4).value).toBe('sam@contoso.example');
      expect(sheet.getRow(2).getCell(1).value).toEqual(new Date('2025-02-11T08:00:00Z'));

      expect((await app.server.inject({ url: V1_EXPORT })).statusCode).toBe(401);
    });
  });

  describe('a filter that matches nothing', () => {
    it.each([
      [
        'domain=northwind-it.example&submitterEmails=sam@contoso.example',
        'the domain northwind-it.example and these submitters',
      ],
      ['domain=northwind-it.example&startDate=2026-01-01', 'the domain northwind-it.example and these dates'],
      ['domain=nobody.example&transpose=true', 'the domain nobody.example'],
      ['format=xlsx&startDate=2026-01-01&endDate=2026-01-31', 'these dates'],
    ])('answers 404 saying so for "%s", instead of a file of headers', async (query, narrowed) => {
      const before = await submissionFingerprint(app);
      const response = await download(query);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-disposition']).toBeUndefined();
      const body = JSON.parse(response.payload) as ErrorBody;
      expect(body.message).toBe(
        `No submissions match this export (${narrowed}), so there is no file to save.`,
      );
      expect(await submissionFingerprint(app)).toBe(before);
    });

    it('answers the same on /api/v1', async () => {
      const { token } = await createTestApiKey(app, 'read');
      const response = await app.server.inject({
        url: `${V1_EXPORT}?startDate=2030-01-01`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(404);
      expect((JSON.parse(response.payload) as ErrorBody).message).toContain(
        'No submissions match this export',
      );
    });
  });

  describe('large exports', () => {
    it('streams every submission once across batches, even when many share a timestamp', async () => {
      // 1,201 copies of one submission at the same instant: more than two read batches, cut
      // inside a run of equal timestamps, and past the transposed cap.
      await app.db.raw(`
        INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
          employee_count, managed_companies, overall_level, cumulative_average, answers)
        SELECT gen_random_uuid(), '2025-04-01T00:00:00Z', s.ip_address,
          jsonb_set(s.demographic_data, '{email_address}', to_jsonb('bulk' || n || '@bulk.example')),
          'bulk' || n || '@bulk.example', 'bulk.example', s.employee_count, s.managed_companies,
          s.overall_level, s.cumulative_average, s.answers
        FROM (SELECT * FROM submissions WHERE email = 'dana@northwind-it.example') s,
          generate_series(1, ${TRANSPOSE_MAX_SUBMISSIONS + 201}) n`);
      const [, ...rows] = await csvRows('domain=bulk.example');
      expect(rows).toHaveLength(TRANSPOSE_MAX_SUBMISSIONS + 201);
      expect(new Set(rows.map((row) => row[3])).size).toBe(rows.length);
      const sheet = await sheetOf('domain=bulk.example&format=xlsx');
      expect(sheet.rowCount).toBe(TRANSPOSE_MAX_SUBMISSIONS + 202);
    });

    it('refuses a transposed export past its cap, naming the limit', async () => {
      const { statusCode, payload } = await download('domain=bulk.example&transpose=true');
      expect(statusCode).toBe(400);
      const body = JSON.parse(payload) as ErrorBody;
      expect(body.field).toBe('transpose');
      expect(body.message).toContain(`at most ${TRANSPOSE_MAX_SUBMISSIONS} submissions`);
    });
  });

  describe('refusals', () => {
    it.each([
      ['domain=', 'query.domain', 'leave domain out to export every domain'],
      ['domain=%20', 'query.domain', 'leave domain out to export every domain'],
      ['domain=a.example&format=pdf', 'query.format', 'must be csv or xlsx'],
      ['domain=a.example&transpose=yes', 'query.transpose', 'must be true or false'],
      ['domain=a.example&startDate=01/02/2025', 'query.startDate', 'must be a date'],
      ['domain=a.example&startDate=2025-03-01&endDate=2025-02-01', 'query.endDate', 'on or after'],
      ['domain=a.example&limit=5', 'query', ''],
    ])('answers 400 for "%s", naming %s, writing nothing', async (query, field, message) => {
      const before = await submissionFingerprint(app);
      const response = await download(query);
      expect(response.statusCode).toBe(400);
      const body = JSON.parse(response.payload) as ErrorBody;
      expect(body.field).toBe(field);
      expect(body.message).toContain(message);
      expect(await submissionFingerprint(app)).toBe(before);
    });

    it('is for approved admins only', async () => {
      expect((await app.server.inject({ url: `${EXPORT}?domain=northwind-it.example` })).statusCode).toBe(
        401,
      );
      const user = await signedInAs(app, await createTestUser(app.db, { role: 'user', status: 'approved' }));
      const refused = await app.server.inject({
        url: `${EXPORT}?domain=northwind-it.example`,
        headers: user.headers,
      });
      expect(refused.statusCode).toBe(403);
    });
  });
});

describe('export streaming', () => {
  const LINES = 5_000;

  /** A header and LINES lines of about 2 KB of text that compresses little, counting those taken. */
  function countedLines() {
    const taken = { count: 0 };
    async function* lines(): AsyncGenerator<Cell[]> {
      yield ['Line', 'Text'];
      let seed = 7;
      for (let i = 1; i <= LINES; i++) {
        taken.count = i;
        let text = '';
        while (text.length < 2_000) {
          seed = (Math.imul(seed, 1_103_515_245) + 12_345) | 0;
          text += (seed >>> 0).toString(36);
        }
        yield [i, text];
      }
    }
    return { taken, lines: lines() };
  }

  it.each(['csv', 'xlsx'] as const)(
    'takes lines only as fast as a stalled %s download is read, then delivers every one',
    async (format) => {
      const { taken, lines } = countedLines();
      const failures: Error[] = [];
      const stream = sheetStream(format, lines, { widths: [10, 60], transposed: false }, (error) => {
        if (error) failures.push(error);
      });
      const reader = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const chunks = [(await reader.next()).value];
      // The reader stops for a while: the export must stop too, not run ahead into memory.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(taken.count).toBeLessThan(LINES / 5);

      for (let part = await reader.next(); !part.done; part = await reader.next()) chunks.push(part.value);
      expect(failures).toEqual([]);
      expect(taken.count).toBe(LINES);
      const file = Buffer.concat(chunks);
      if (format === 'csv') {
        expect(parse(file, { bom: true })).toHaveLength(LINES + 1);
      } else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file as unknown as ArrayBuffer);
        const sheet = workbook.getWorksheet('Submissions')!;
        expect(sheet.rowCount).toBe(LINES + 1);
        expect(sheet.getRow(LINES + 1).getCell(1).value).toBe(LINES);
      }
    },
  );
});
