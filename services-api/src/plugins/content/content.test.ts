import type {
  AdminQuestion,
  AdminStats,
  ContentDocument,
  ErrorBody,
  Pillar,
  PublicQuestion,
  ResultsResponse,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/knex.js';
import { createServer } from '../../server.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { adminContentApp, person, questionBody } from '../../test/content-admin.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { postgresTestDatabase, testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('content management on $name', (kind) => {
  const admin = adminContentApp(kind);
  const { call, publicQuestions } = admin;

  it('counts active pillars, questions, fields and submissions', async () => {
    const { status, body } = await call<AdminStats>('GET', '/api/admin/stats');
    expect(status).toBe(200);
    expect(body).toEqual({ activePillars: 6, assessmentQuestions: 30, demographicFields: 7, submissions: 0 });
  });

  describe('past results', () => {
    it('stay the same when the content they were scored against is edited and deleted', async () => {
      const answers = (await publicQuestions()).map((q, i) => ({
        questionId: q.id,
        answerId: q.answers[i % 4]!.id,
      }));
      const submitted = await admin.app.request<{ submissionId: string }>({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: person, answers },
      });
      const url = `/api/assessment/results/${submitted.body.submissionId}`;
      const before = (await admin.app.request<ResultsResponse>({ url })).body;

      const pillars = (await call<Pillar[]>('GET', '/api/admin/pillars')).body;
      const questions = (await call<AdminQuestion[]>('GET', '/api/admin/questions')).body;
      await call('PUT', `/api/admin/pillars/${pillars[0]!.id}`, {
        ...pillars[0],
        id: undefined,
        key: undefined,
        name: 'Renamed',
      });
      await call(
        'PUT',
        `/api/admin/questions/${questions[1]!.id}`,
        questionBody(pillars[1]!.id, 'Entirely new text'),
      );
      await call('DELETE', `/api/admin/questions/${questions[2]!.id}`);
      await call('DELETE', `/api/admin/pillars/${pillars[5]!.id}`);

      const after = (await admin.app.request<ResultsResponse>({ url })).body;
      expect(after.pillarScores).toEqual(before.pillarScores);
      expect(after.overallLevel).toBe(before.overallLevel);
    });
  });
});

describe.each(testDatabaseKinds)('content export and import on $name', (kind) => {
  let source: TestApp;
  let target: TestApp;
  let sourceAdmin: SignedIn;
  let targetAdmin: SignedIn;

  beforeAll(async () => {
    source = await startTestApp(kind);
    target = await startTestApp(kind, { seed: false });
    sourceAdmin = await signedInAs(
      source,
      await createTestUser(source.db, { role: 'admin', status: 'approved' }),
    );
    targetAdmin = await signedInAs(
      target,
      await createTestUser(target.db, { role: 'admin', status: 'approved' }),
    );
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('moves the whole questionnaire to another instance', async () => {
    const exported = await source.request<ContentDocument>({
      url: '/api/admin/content/export',
      headers: sourceAdmin.headers,
    });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: 'msp-maturity-content', version: 3 });
    expect(exported.body.questions).toHaveLength(30);

    const imported = await target.request<{ imported: Record<string, number> }>({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: exported.body,
      headers: targetAdmin.headers,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toEqual({
      pillars: 6,
      questions: 30,
      demographicFields: 7,
      matrixCells: 24,
      emailTemplates: 1,
    });

    const again = await target.request<ContentDocument>({
      url: '/api/admin/content/export',
      headers: targetAdmin.headers,
    });
    expect({ ...again.body, exportedAt: undefined }).toEqual({ ...exported.body, exportedAt: undefined });
    // The imported questionnaire is live for visitors.
    const visible = await target.request<PublicQuestion[]>({ url: '/api/assessment-questions' });
    expect(visible.body).toHaveLength(30);
  });

  it('refuses a document with problems, listing every one, and changes nothing', async () => {
    const doc = (
      await source.request<ContentDocument>({
        url: '/api/admin/content/export',
        headers: sourceAdmin.headers,
      })
    ).body;
    doc.questions[0]!.pillarRef = 'missing';
    doc.matrixCells[1] = { ...doc.matrixCells[0]! };
    doc.demographicFields[1]!.identifier = doc.demographicFields[0]!.identifier;
    const before = (
      await target.request<ContentDocument>({
        url: '/api/admin/content/export',
        headers: targetAdmin.headers,
      })
    ).body;
    const { status, body } = await target.request<ErrorBody>({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: doc,
      headers: targetAdmin.headers,
    });
    expect(status).toBe(400);
    expect(body.issues?.map((i) => i.field)).toEqual(
      expect.arrayContaining(['questions.0.pillarRef', 'matrixCells.1', 'demographicFields.1.identifier']),
    );
    const after = (
      await target.request<ContentDocument>({
        url: '/api/admin/content/export',
        headers: targetAdmin.headers,
      })
    ).body;
    expect({ ...after, exportedAt: undefined }).toEqual({ ...before, exportedAt: undefined });
  });

  it('refuses a file that is not a content export', async () => {
    const { status, body } = await target.request<ErrorBody>({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: { hello: 'world' },
      headers: targetAdmin.headers,
    });
    expect(status).toBe(400);
    expect(body.issues?.map((i) => i.field)).toContain('format');
  });
});

describe('several instances on one PostgreSQL database', () => {
  it('show a content change made on one instance on the next request to another', async () => {
    const first = await startTestApp(postgresTestDatabase);
    // A second server with its own connection pool and change listener, on the same database.
    const secondDb = createDatabase({ databaseUrl: first.database.url });
    const second = await createServer({ config: first.config, db: secondDb });
    try {
      const admin = await signedInAs(
        first,
        await createTestUser(first.db, { role: 'admin', status: 'approved' }),
      );
      const namesOnSecond = async () =>
        (JSON.parse((await second.inject({ url: '/api/pillars' })).payload) as Pillar[]).map((p) => p.name);
      // Warm the second instance's cache.
      expect(await namesOnSecond()).toContain('Expertise');
      expect(await namesOnSecond()).toContain('Expertise');

      const pillar = (await first.request<Pillar[]>({ url: '/api/admin/pillars', headers: admin.headers }))
        .body[0]!;
      const renamed = await first.request({
        method: 'PUT',
        url: `/api/admin/pillars/${pillar.id}`,
        headers: admin.headers,
        payload: { ...pillar, id: undefined, key: undefined, name: 'Know-how' },
      });
      expect(renamed.status).toBe(200);
      // NOTIFY arrives asynchronously, within moments of the commit.
      await expect.poll(namesOnSecond, { timeout: 5000, interval: 50 }).toContain('Know-how');
    } finally {
      await second.stop();
      await secondDb.destroy();
      await first.close();
    }
  });
});
