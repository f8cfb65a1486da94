import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../../test/auth-helpers.js';
import { submitAs } from '../../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const EXPORT_COLUMNS = '20261203100000_export_columns';
const DOMAIN = 'columns.example';

interface StoredRow {
  id: string;
  answer_text_ids: (number | null)[] | null;
  pillar_score_cells: [string, number, number][] | null;
}

/**
 * The export reads each submission's answer texts by id and its pillar scores from its own row
 * (the export_columns migration): both must say exactly what the frozen answers and the scores'
 * rows say, however the row was written.
 */
describe.each(testDatabaseKinds)('the export columns on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    for (const [index, maturity] of [0, 1, 2, 3].entries()) {
      await submitAs(app, { email_address: `p${index}@${DOMAIN}` }, (q) => (q + maturity) % 4);
    }
  });
  afterAll(() => app?.close());

  /** Each row's columns, and what its frozen answers and score rows say they should be. */
  const storedAndExpected = async () => {
    const rows = (
      await app.db.raw<{ rows: (StoredRow & { texts: string[]; scores: [string, number, number][] })[] }>(`
        SELECT s.id, s.answer_text_ids, s.pillar_score_cells,
          jsonb_path_query_array(s.answers, '$[*].answerText') AS texts,
          (SELECT jsonb_agg(jsonb_build_array(ps.pillar_key, ps.level, ps.percentage) ORDER BY ps.pillar_order)
            FROM submission_pillar_scores ps WHERE ps.submission_id = s.id) AS scores
        FROM submissions s ORDER BY s.id`)
    ).rows;
    const dictionary = new Map(
      (await app.db('answer_texts').select<{ id: number; text: string }[]>('id', 'text')).map((t) => [
        t.id,
        t.text,
      ]),
    );
    return rows.map((row) => ({
      id: row.id,
      texts: (row.answer_text_ids ?? []).map((id) => (id === null ? null : dictionary.get(id))),
      expectedTexts: row.texts,
      cells: row.pillar_score_cells,
      expectedCells: row.scores,
    }));
  };

  it('stores the ids of the chosen texts and the pillar scores with every submission', async () => {
    const rows = await storedAndExpected();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.texts).toHaveLength(30);
      expect(row.texts).toEqual(row.expectedTexts);
      expect(row.cells).toEqual(row.expectedCells);
    }
    // Each text once, however many submissions chose it.
    const { count } = (await app.db('answer_texts').count<{ count: string }[]>({ count: '*' }))[0]!;
    expect(Number(count)).toBe(new Set(rows.flatMap((row) => row.expectedTexts)).size);
  });

  it('finds the ids for a submission stored another way, leaving them out', async () => {
    const [copied] = await app.db
      .raw<{ rows: { id: string }[] }>(
        `
      INSERT INTO submissions (id, demographic_data, email, email_domain, employee_count,
        managed_companies, overall_level, cumulative_average, answers)
      SELECT gen_random_uuid(), demographic_data, 'copy@${DOMAIN}', email_domain, employee_count,
        managed_companies, overall_level, cumulative_average, answers
      FROM submissions ORDER BY submitted_at LIMIT 1
      RETURNING id`,
      )
      .then((result) => result.rows);
    const rows = await storedAndExpected();
    const copy = rows.find((row) => row.id === copied!.id)!;
    expect(copy.texts).toHaveLength(30);
    expect(copy.texts).toEqual(copy.expectedTexts);
    await app.db('submissions').where({ id: copied!.id }).delete();
  });

  it('fills both for the submissions stored before the columns, as the submit would have', async () => {
    const before = await storedAndExpected();
    await app.db.migrate.down({ name: EXPORT_COLUMNS });
    await app.db.migrate.latest();
    const after = await storedAndExpected();
    expect(after.map(({ id, texts, cells }) => ({ id, texts, cells }))).toEqual(
      before.map(({ id, texts, cells }) => ({ id, texts, cells })),
    );
  });

  it('stores a text edited since once, even when many submit it at the same moment, and each export row shows the text its visitor chose', async () => {
    const edited = 'We script everything, and nobody remembers the last manual ticket.';
    const { rows } = await app.db.raw<{ rows: { id: number; text: string }[] }>(
      `UPDATE answers SET text = ? WHERE id = (
        SELECT a.id FROM answers a JOIN questions q ON q.id = a.question_id
        ORDER BY q."order", a."order" DESC LIMIT 1) RETURNING id, text`,
      [edited],
    );
    expect(rows).toHaveLength(1);
    app.server.app.ctx.cache.invalidate();
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        submitAs(app, { email_address: `late${index}@${DOMAIN}`, last_name: `Late${index}` }, 3),
      ),
    );
    const stored = await app.db('answer_texts').where({ text: edited });
    expect(stored).toHaveLength(1);

    const response = await fetchCsv();
    const records = parse(response, { bom: true }) as string[][];
    const [header, ...lines] = records;
    const column = lines[0]!.length - 30; // the questions come last, in order
    const firstQuestion = header![column]!;
    expect(firstQuestion).toMatch(/\?$/);
    const lastNameAt = header!.indexOf('Last Name');
    const chosen = lines.map((line) => [line[lastNameAt]!, line[column]!] as const);
    expect(chosen.filter(([name]) => name.startsWith('Late')).map(([, text]) => text)).toEqual(
      Array(6).fill(edited),
    );
    expect(chosen.filter(([name]) => !name.startsWith('Late')).map(([, text]) => text)).not.toContain(edited);
  });

  const fetchCsv = async () => {
    const response = await app.server.inject({
      url: `/api/admin/submissions/export/csv?domain=${DOMAIN}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.payload;
  };
});
