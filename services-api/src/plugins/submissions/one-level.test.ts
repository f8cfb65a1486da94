import {
  bannerLevel,
  levelName,
  SubmissionWebhookPayload,
  type ResultsResponse,
  type SubmissionDetail,
  type SubmissionList,
  type V1SubmissionDetail,
} from '@msp/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('one-level-test-secret-0123456789').toString('base64')}`;
const DOMAIN = 'levels.example';
const SUBMISSIONS = 12;

/** What one surface says about a submission: its level and its average score. */
interface Said {
  level: number;
  average: number;
}

describe.each(testDatabaseKinds)('one overall level on $name', (kind) => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let admin: SignedIn;
  let key: string;
  const ids: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET },
      jobs: { pollIntervalMs: 100 },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    key = (await createTestApiKey(app, 'read')).token;
    // Random answers, the same on every run: one maturity per block of five questions (the shipped
    // questionnaire asks five per pillar, in pillar order) and now and then one answer off it, so
    // the pillars land on mixed levels and the level of the average score often differs.
    const answerSets = fc.sample(
      fc
        .tuple(
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 }),
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 30, maxLength: 30 }),
          fc.integer({ min: 0, max: 29 }),
        )
        .map(([perPillar, any, off]) =>
          perPillar.flatMap((pick, p) => [0, 1, 2, 3, 4].map((q) => (p * 5 + q === off ? any[off]! : pick))),
        ),
      { seed: 20261125, numRuns: SUBMISSIONS },
    );
    for (const [index, picks] of answerSets.entries()) {
      ids.push(
        await submitAs(
          app,
          { first_name: `Person ${index}`, email_address: `p${index}@${DOMAIN}` },
          (question) => picks[question % picks.length]!,
        ),
      );
    }
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('shows, exports and sends the level the visitor saw, with the average score beside it', async () => {
    const results = new Map<string, ResultsResponse>();
    for (const id of ids) {
      const response = await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` });
      expect(response.status).toBe(200);
      results.set(id, response.body);
    }

    const list = await app.request<SubmissionList>({
      url: `/api/admin/submissions?pageSize=100&search=${DOMAIN}`,
      headers: admin.headers,
    });
    expect(list.body.submissions).toHaveLength(SUBMISSIONS);
    const listed = new Map(list.body.submissions.map((s) => [s.id, s.scores]));

    const csv = await app.server.inject({
      url: `/api/admin/submissions/export/csv?domain=${DOMAIN}`,
      headers: admin.headers,
    });
    const [csvHeader, ...csvRows] = parse(csv.rawPayload, { bom: true }) as string[][];
    const xlsx = await app.server.inject({
      url: `/api/admin/submissions/export/csv?domain=${DOMAIN}&format=xlsx`,
      headers: admin.headers,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheetRows: unknown[][] = [];
    workbook
      .getWorksheet('Submissions')!
      .eachRow((row) => sheetRows.push((row.values as unknown[]).slice(1)));
    const [sheetHeader, ...sheetBody] = sheetRows;
    const exported = (header: unknown[], rows: unknown[][], id: string): Said => {
      const row = rows.find((r) => r.includes(`p${ids.indexOf(id)}@${DOMAIN}`))!;
      expect(row, id).toBeDefined();
      return {
        level: Number(String(row[header.indexOf('Overall Level')]).split(' ')[0]),
        average: Number(row[header.indexOf('Average Score (%)')]),
      };
    };

    const webhooks = await eventually(() => receiver.received.length >= SUBMISSIONS && receiver.received, {
      what: 'a webhook for every submission',
    });
    const sent = new Map(
      webhooks.map((request) => {
        const payload = SubmissionWebhookPayload.parse(
          new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>),
        );
        return [payload.data.submissionId, payload.data.scores] as const;
      }),
    );

    for (const id of ids) {
      const visitor = results.get(id)!;
      const expected = bannerLevel(visitor.pillarScores.map((p) => p.score));
      expect(visitor.overallLevel, 'results page').toBe(expected);

      const detail = await app.request<SubmissionDetail>({
        url: `/api/admin/submissions/${id}`,
        headers: admin.headers,
      });
      const v1 = await app.request<V1SubmissionDetail>({
        url: `/api/v1/submissions/${id}`,
        headers: bearer(key),
      });
      const average = detail.body.submission.scores.cumulativeAverage;
      const surfaces: Record<string, Said> = {
        'admin list': { level: listed.get(id)!.overallLevel, average: listed.get(id)!.cumulativeAverage },
        'admin detail': { level: detail.body.submission.scores.overallLevel, average },
        CSV: exported(csvHeader!, csvRows, id),
        XLSX: exported(sheetHeader!, sheetBody, id),
        '/api/v1': {
          level: v1.body.submission.scores.overallLevel,
          average: v1.body.submission.scores.cumulativeAverage,
        },
        webhook: { level: sent.get(id)!.overallLevel, average: sent.get(id)!.cumulativeAverage },
      };
      for (const [surface, said] of Object.entries(surfaces)) {
        expect(said, `${surface} of ${id}`).toEqual({ level: expected, average });
      }
      expect(
        String(
          csvRows.find((r) => r.includes(`p${ids.indexOf(id)}@${DOMAIN}`))![
            csvHeader!.indexOf('Overall Level')
          ],
        ),
      ).toBe(`${expected} ${levelName(expected as 0 | 1 | 2 | 3)}`);
    }
    // The random answers gave more than one level: the agreement was not between constants.
    expect(new Set(ids.map((id) => results.get(id)!.overallLevel)).size).toBeGreaterThan(1);
  });

  it('counts the same levels in the level distribution of the key API', async () => {
    const response = await app.request<{ overall: { level: number; count: number }[] }>({
      url: '/api/v1/analytics/maturity-levels',
      headers: bearer(key),
    });
    const rows = await app.db('submissions').select('overall_level').where('email_domain', DOMAIN);
    const byLevel = [0, 1, 2, 3].map((level) => rows.filter((r) => r.overall_level === level).length);
    expect(response.body.overall.map((l) => l.count)).toEqual(byLevel);
  });

  it('recomputes the levels stored before there was one level, and their statistics', async () => {
    // The database as the release before stored it: the second column back, and overall_level
    // holding the level of the average percentage, counted so by the level statistics.
    await app.db.migrate.down({ name: '20261129000000_one_overall_level' });
    await app.db.raw(`
      UPDATE submissions SET overall_level = CASE
        WHEN cumulative_average <= 20 THEN 0 WHEN cumulative_average <= 50 THEN 1
        WHEN cumulative_average <= 90 THEN 2 ELSE 3 END`);
    await app.db.raw('DELETE FROM submission_stats_levels');
    await app.db.raw(
      'INSERT INTO submission_stats_levels (level, shard, submissions) SELECT overall_level, 0, count(*) FROM submissions GROUP BY 1',
    );
    const differed = await app
      .db('submissions')
      .whereRaw('overall_level <> banner_level')
      .count<{ n: string }[]>({ n: '*' });
    expect(Number(differed[0]!.n), 'submissions whose two levels differed').toBeGreaterThan(0);

    await app.db.migrate.latest();

    const { rows } = await app.db.raw<{ rows: { id: string; stored: number; visitor: number }[] }>(`
      SELECT s.id, s.overall_level AS stored, round(avg(ps.level))::int AS visitor
      FROM submissions s JOIN submission_pillar_scores ps ON ps.submission_id = s.id GROUP BY s.id`);
    expect(rows).toHaveLength(SUBMISSIONS);
    for (const row of rows) expect(row.stored, row.id).toBe(row.visitor);
    const columns = await app
      .db('information_schema.columns')
      .where({ table_name: 'submissions' })
      .pluck('column_name');
    expect(columns).not.toContain('banner_level');
    const kept = await app.db.raw<{ rows: { level: number; n: number }[] }>(
      'SELECT level, sum(submissions)::int AS n FROM submission_stats_levels GROUP BY 1 HAVING sum(submissions) <> 0 ORDER BY 1',
    );
    const counted = await app.db.raw<{ rows: { level: number; n: number }[] }>(
      'SELECT overall_level AS level, count(*)::int AS n FROM submissions GROUP BY 1 ORDER BY 1',
    );
    expect(kept.rows).toEqual(counted.rows);
  });
});
