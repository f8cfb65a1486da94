import type { Analytics, ComparisonResponse, ResultsResponse, V1MaturityLevels } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../../test/auth-helpers.js';
import { submitAs } from '../../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { MIN_PEERS } from './comparison-service.js';

/**
 * One benchmark whatever the language: a German and an English submission with the same answers
 * score alike, fall in one comparison group and count in the same averages.
 */
describe.each(testDatabaseKinds)('languages pooled in one benchmark on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let keyHeaders: Record<string, string>;
  let german: string;
  let english: string;
  const all: string[] = [];
  /** Every answer the third of four: the same maturity for every submitter. */
  const sameAnswers = (index: number) => (index % 3 === 0 ? 1 : 2);

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    keyHeaders = bearer((await createTestApiKey(app, 'read')).token);
    // Two English peers of the same size: with the German one, exactly MIN_PEERS for the English.
    expect(MIN_PEERS).toBe(3);
    all.push(await submitAs(app, { email_address: 'p1@peer.example' }, sameAnswers, { language: 'en' }));
    all.push(await submitAs(app, { email_address: 'p2@peer.example' }, sameAnswers, { language: 'en' }));
    // Other MSPs, of another size, that a wider group would take in.
    for (const email of ['o1@other.example', 'o2@other.example', 'o3@other.example']) {
      all.push(
        await submitAs(app, { email_address: email, employee_count: '1-5', managed_companies: '1-10' }, 0),
      );
    }
    german = await submitAs(app, { email_address: 'de@msp.example' }, sameAnswers, { language: 'de' });
    english = await submitAs(app, { email_address: 'en@msp.example' }, sameAnswers, { language: 'en' });
    all.push(german, english);
  });
  afterAll(() => app?.close());

  const comparisonOf = async (id: string) =>
    (await app.request<ComparisonResponse>({ url: `/api/assessment/comparison/${id}?lang=en` })).body;

  it('scores the German and the English submission alike', async () => {
    const results = async (id: string) =>
      (await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}?lang=en` })).body;
    const [de, en] = [await results(german), await results(english)];
    expect(de.language).toBe('de');
    expect(en.language).toBe('en');
    expect(de.overallLevel).toBe(en.overallLevel);
    const scores = (r: ResultsResponse) =>
      r.pillarScores.map((p) => [p.pillarKey, p.score, p.normalizedScore]);
    expect(scores(de)).toEqual(scores(en));
  });

  it('compares each with the same group, the other language counted among its peers', async () => {
    const [de, en] = [await comparisonOf(german), await comparisonOf(english)];
    // The English submission has its group only because the German one counts in it; both read in
    // English, as the pillar names follow the language asked for.
    expect(en).toMatchObject({ basis: 'employees_and_companies', totalSubmissions: 3 });
    expect(de).toEqual(en);
  });

  it('counts both in the same averages and level counts', async () => {
    const levelsOf = async (id: string) =>
      (await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` })).body;
    const everyone = await Promise.all(all.map(levelsOf));
    const overview = (await app.request<Analytics>({ url: '/api/admin/analytics', headers: admin.headers }))
      .body;
    expect(overview.totalSubmissions).toBe(7);
    // Each pillar's mean level is the mean over all seven, the German submission's level included.
    for (const pillar of overview.averageMaturityScores) {
      const levels = everyone.map((r) => r.pillarScores.find((p) => p.pillarKey === pillar.pillarKey)!.score);
      const mean = levels.reduce<number>((sum, level) => sum + level, 0) / levels.length;
      expect(pillar.averageScore, pillar.pillarKey).toBe(Math.round(mean * 100) / 100);
    }
    const counts = (
      await app.request<V1MaturityLevels>({ url: '/api/v1/analytics/maturity-levels', headers: keyHeaders })
    ).body;
    const shared = everyone.find((r) => r.submissionId === german)!.overallLevel;
    // The two peers, the German and the English submission: four at one overall level.
    expect(counts.overall.find((entry) => entry.level === shared)?.count).toBe(4);
    // Deleting the German submission takes it out of the English one's group: it had counted.
    await app.request({ method: 'DELETE', url: `/api/admin/submissions/${german}`, headers: admin.headers });
    expect((await comparisonOf(english)).basis).not.toBe('employees_and_companies');
  });
});
