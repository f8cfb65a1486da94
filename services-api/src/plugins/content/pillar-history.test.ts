import type {
  AdminQuestion,
  Analytics,
  ComparisonResponse,
  ContentDocument,
  Pillar,
  ResultsResponse,
  V1MaturityLevels,
} from '@msp/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const STABLE_KEYS = '20261130001900_stable_keys';

/** Answers of mixed maturity (by question position), so pillars land on different levels. */
const mixed = (offset: number) => (question: number) => (question + offset) % 4;

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** What the visitors saw, per pillar name: each submission's level and normalized score. */
function byPillar(results: ResultsResponse[]): Map<string, { levels: number[]; normalized: number[] }> {
  const pillars = new Map<string, { levels: number[]; normalized: number[] }>();
  for (const result of results) {
    for (const score of result.pillarScores) {
      const pillar = pillars.get(score.pillarName) ?? { levels: [], normalized: [] };
      pillar.levels.push(score.score);
      pillar.normalized.push(score.normalizedScore);
      pillars.set(score.pillarName, pillar);
    }
  }
  return pillars;
}

/** Opens an app with an approved admin and a read key, and the calls the tests below make. */
function historyApp(kind: (typeof testDatabaseKinds)[number]) {
  const ctx = {} as { app: TestApp; admin: SignedIn; readKey: string };
  beforeAll(async () => {
    ctx.app = await startTestApp(kind);
    ctx.admin = await signedInAs(
      ctx.app,
      await createTestUser(ctx.app.db, { role: 'admin', status: 'approved' }),
    );
    ctx.readKey = (await createTestApiKey(ctx.app, 'read')).token;
  });
  afterAll(() => ctx.app?.close());
  const adminGet = async <T>(url: string) => {
    const response = await ctx.app.request<T>({ url, headers: ctx.admin.headers });
    expect(response.status, url).toBe(200);
    return response.body;
  };
  const importContent = async (doc: ContentDocument) => {
    const response = await ctx.app.request({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: doc,
      headers: ctx.admin.headers,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const results = (ids: string[]) =>
    Promise.all(
      ids.map(
        async (id) => (await ctx.app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` })).body,
      ),
    );
  /** The export's header line: one column per pillar level and per question. */
  const exportHeader = async () => {
    const response = await ctx.app.server.inject({
      url: '/api/admin/submissions/export/csv?domain=northwind-it.example&format=csv',
      headers: ctx.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    return (parse(response.rawPayload, { bom: true }) as string[][])[0]!;
  };
  /** Analytics checked against what the visitors were shown: one entry per pillar, the mean of all. */
  const expectAnalyticsOf = async (ids: string[], pillars: Pillar[]) => {
    const shown = byPillar(await results(ids));
    const analytics = await adminGet<Analytics>('/api/admin/analytics');
    expect(analytics.averageMaturityScores.map((s) => s.pillarKey)).toEqual(pillars.map((p) => p.key));
    expect(analytics.averageMaturityScores.map((s) => s.pillarId)).toEqual(pillars.map((p) => p.id));
    for (const score of analytics.averageMaturityScores) {
      const levels = shown.get(score.pillarName)!.levels;
      expect(levels, score.pillarName).toHaveLength(ids.length);
      expect(score.averageScore, score.pillarName).toBe(Math.round(mean(levels) * 100) / 100);
    }
  };
  return { ctx, adminGet, importContent, results, exportHeader, expectAnalyticsOf };
}

describe.each(testDatabaseKinds)('a pillar keeps one history across a content import on $name', (kind) => {
  const { ctx, adminGet, importContent, results, exportHeader, expectAnalyticsOf } = historyApp(kind);
  const ids: string[] = [];

  it('counts the submissions before and after an import as one history in every figure', async () => {
    for (const maturity of [0, 1, mixed(1)]) ids.push(await submitAs(ctx.app, {}, maturity));
    const pillarsBefore = await adminGet<Pillar[]>('/api/admin/pillars');
    const questionsBefore = await adminGet<AdminQuestion[]>('/api/admin/questions');

    const doc = await adminGet<ContentDocument>('/api/admin/content/export');
    expect(doc.version).toBe(3);
    expect(doc.pillars.map((p) => p.ref)).toEqual(pillarsBefore.map((p) => p.key));
    expect(doc.questions.map((q) => q.key)).toEqual(questionsBefore.map((q) => q.key));
    await importContent(doc);

    // The same keys, and so the same ids: what an integrator stored still joins.
    const pillars = await adminGet<Pillar[]>('/api/admin/pillars');
    const questions = await adminGet<AdminQuestion[]>('/api/admin/questions');
    expect(pillars.map((p) => [p.key, p.id])).toEqual(pillarsBefore.map((p) => [p.key, p.id]));
    expect(questions.map((q) => [q.key, q.id])).toEqual(questionsBefore.map((q) => [q.key, q.id]));

    for (const maturity of [3, 2, mixed(2)]) ids.push(await submitAs(ctx.app, {}, maturity));

    // Analytics: six pillars, each the mean over all six submissions.
    expect(pillars).toHaveLength(6);
    await expectAnalyticsOf(ids, pillars);

    // The comparison of the last submission: the other five, from both sides of the import.
    const last = ids[ids.length - 1]!;
    const comparison = (
      await ctx.app.request<ComparisonResponse>({ url: `/api/assessment/comparison/${last}` })
    ).body;
    expect(comparison.basis).toBe('employees_and_companies');
    const others = byPillar(await results(ids.slice(0, -1)));
    const own = (await results([last]))[0]!;
    expect(comparison.basis !== null && comparison.totalSubmissions).toBe(5);
    if (comparison.basis === null) return;
    expect(comparison.avgPillarScores.map((p) => p.pillarName)).toEqual(
      own.pillarScores.map((p) => p.pillarName),
    );
    for (const average of comparison.avgPillarScores) {
      const normalized = others.get(average.pillarName)!.normalized;
      expect(normalized, average.pillarName).toHaveLength(5);
      expect(average.avgScore, average.pillarName).toBe(Math.round(mean(normalized) * 1000) / 1000);
    }

    // The key API's level distributions: one entry per pillar, all six submissions counted.
    const levels = await ctx.app.request<V1MaturityLevels>({
      url: '/api/v1/analytics/maturity-levels',
      headers: bearer(ctx.readKey),
    });
    expect(levels.status).toBe(200);
    expect(levels.body.pillars.map((p) => p.pillarKey)).toEqual(pillars.map((p) => p.key));
    const shown = byPillar(await results(ids));
    for (const pillar of levels.body.pillars) {
      expect(pillar.scored, pillar.pillarName).toBe(6);
      expect(pillar.levels.map((l) => l.count)).toEqual(
        [0, 1, 2, 3].map((level) => shown.get(pillar.pillarName)!.levels.filter((l) => l === level).length),
      );
    }

    // The export: one column per pillar and per question, however many imports they went through.
    const header = await exportHeader();
    for (const pillar of pillars) {
      expect(header.filter((cell) => cell === `${pillar.name} Level`)).toHaveLength(1);
    }
    for (const question of questions) {
      expect(
        header.filter((cell) => cell === question.text),
        question.text,
      ).toHaveLength(1);
    }
  });

  it('keeps the keys, and so the history, when the file comes from the earlier release', async () => {
    const pillarsBefore = await adminGet<Pillar[]>('/api/admin/pillars');
    const questionsBefore = await adminGet<AdminQuestion[]>('/api/admin/questions');
    // As the earlier release exported: version 1, refs made from the names, no question keys.
    const doc = await adminGet<ContentDocument>('/api/admin/content/export');
    const earlier = {
      ...doc,
      version: 1 as const,
      questions: doc.questions.map(({ key: _key, ...question }) => question),
    };
    await importContent(earlier);

    const pillars = await adminGet<Pillar[]>('/api/admin/pillars');
    const questions = await adminGet<AdminQuestion[]>('/api/admin/questions');
    expect(pillars.map((p) => p.key)).toEqual(pillarsBefore.map((p) => p.key));
    expect(questions.map((q) => q.key)).toEqual(questionsBefore.map((q) => q.key));
    expect(pillars.map((p) => p.id)).toEqual(pillarsBefore.map((p) => p.id));
    expect(questions.map((q) => q.id)).toEqual(questionsBefore.map((q) => q.id));

    ids.push(await submitAs(ctx.app, {}, mixed(3)));
    await expectAnalyticsOf(ids, pillars);
  });

  it('refuses a document that gives two questions one key, and changes nothing', async () => {
    const before = await adminGet<AdminQuestion[]>('/api/admin/questions');
    const doc = await adminGet<ContentDocument>('/api/admin/content/export');
    doc.questions[1]!.key = doc.questions[0]!.key;
    const response = await ctx.app.request<{ fields?: Record<string, string> }>({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: doc,
      headers: ctx.admin.headers,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('questions.1.key');
    expect(await adminGet<AdminQuestion[]>('/api/admin/questions')).toEqual(before);
  });

  it('gives a new pillar a key of its own name, kept when it is renamed', async () => {
    const create = (name: string) =>
      ctx.app.request<Pillar>({
        method: 'POST',
        url: '/api/admin/pillars',
        payload: { name, description: 'Added', order: 9, isActive: false },
        headers: ctx.admin.headers,
      });
    const first = await create('Expertise');
    expect(first.status).toBe(201);
    expect(first.body.key).toBe('expertise-2');
    const second = await create('Data & Reporting');
    expect(second.body.key).toBe('data-reporting');
    const renamed = await ctx.app.request<Pillar>({
      method: 'PUT',
      url: `/api/admin/pillars/${second.body.id}`,
      payload: { name: 'Reporting', description: 'Added', order: 9, isActive: false },
      headers: ctx.admin.headers,
    });
    expect(renamed.body.key).toBe('data-reporting');
    // A name of the longest length, twice: the numbered key still fits its column.
    const long = 'Automation '.repeat(10).slice(0, 100);
    expect((await create(long)).body.key).toHaveLength(100);
    const again = await create(long);
    expect(again.status).toBe(201);
    expect(again.body.key).toMatch(/^automation-.*-2$/);
    expect(again.body.key.length).toBeLessThanOrEqual(100);
  });
});

describe.each(testDatabaseKinds)('the migration to keys on $name', (kind) => {
  const { ctx, adminGet, exportHeader, expectAnalyticsOf } = historyApp(kind);

  it('joins the halves of a history an import split before there were keys', async () => {
    const ids = [await submitAs(ctx.app, {}, 0), await submitAs(ctx.app, {}, mixed(1))];
    // The database as the earlier release left it after an import: the stored scores and answers
    // refer to pillars and questions that are gone, and the aggregates count those ids apart.
    await ctx.app.db.migrate.down({ name: STABLE_KEYS });
    const db = ctx.app.db;
    await db.raw('UPDATE submission_pillar_scores SET pillar_id = pillar_id + 1000');
    await db.raw(`
      UPDATE submissions s SET answers = (
        SELECT jsonb_agg(a || jsonb_build_object('questionId', (a->>'questionId')::int + 1000))
        FROM jsonb_array_elements(s.answers) a)`);
    await db.raw('DELETE FROM submission_stats_pillars');
    await db.raw('DELETE FROM submission_stats_group_pillars');
    await db.raw('DELETE FROM submission_stats_pillar_levels');
    await db.raw(`
      INSERT INTO submission_stats_pillars (pillar_id, shard, pillar_name, level_sum, scores)
      SELECT pillar_id, 0, max(pillar_name), sum(level), count(*) FROM submission_pillar_scores GROUP BY 1`);
    await db.raw(`
      INSERT INTO submission_stats_group_pillars
        (employee_count, managed_companies, pillar_id, shard, score_sum, scores)
      SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), pillar_id, 0,
        sum(normalized_score::numeric), count(*)
      FROM submission_pillar_scores GROUP BY 1, 2, 3`);
    await db.raw(`
      INSERT INTO submission_stats_pillar_levels (pillar_id, level, shard, scores)
      SELECT pillar_id, level, 0, count(*) FROM submission_pillar_scores GROUP BY 1, 2`);

    await db.migrate.latest();
    // The server starts again after an upgrade: nothing it cached from before is kept.
    ctx.app.server.app.ctx.cache.invalidate();

    ids.push(await submitAs(ctx.app, {}, 3), await submitAs(ctx.app, {}, mixed(2)));
    const pillars = await adminGet<Pillar[]>('/api/admin/pillars');
    expect(pillars.map((p) => p.key)).toEqual([
      'expertise',
      'processes',
      'alignment',
      'leadership',
      'tooling',
      'kpis',
    ]);
    await expectAnalyticsOf(ids, pillars);
    const questions = await adminGet<AdminQuestion[]>('/api/admin/questions');
    const header = await exportHeader();
    for (const question of questions) {
      expect(
        header.filter((cell) => cell === question.text),
        question.text,
      ).toHaveLength(1);
    }
    // Every stored answer knows its question's key.
    const { rows } = await db.raw<{ rows: { unkeyed: number }[] }>(`
      SELECT count(*)::int AS unkeyed FROM submissions s, jsonb_array_elements(s.answers) a
      WHERE a->>'questionKey' IS NULL`);
    expect(rows[0]!.unkeyed).toBe(0);
  });
});
