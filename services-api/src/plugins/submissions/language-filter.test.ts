import type {
  ErrorBody,
  PublicQuestion,
  SourcesAnalytics,
  SubmissionList,
  SubmissionWebhookPayload,
  V1SubmissionDetail,
} from '@msp/shared';
import { SubmissionWebhookPayload as WebhookSchema } from '@msp/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { aggregatesAndRows } from '../../test/stats-helpers.js';
import { backdate, submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { submissionWebhookPayload } from './follow-ups/webhook.js';

const LISTS = ['/api/admin/submissions', '/api/v1/submissions', '/api/v1/submissions/search'];
const EXPORTS = ['/api/admin/submissions/export/csv', '/api/v1/submissions/export'];

/** The language a submission was taken in, wherever an operator or an integrator reads submissions. */
describe.each(testDatabaseKinds)('the submission language on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let keyHeaders: Record<string, string>;
  const ids: Record<string, string> = {};

  const headersFor = (url: string) => (url.startsWith('/api/admin') ? admin.headers : keyHeaders);
  const get = async <T>(url: string) => app.request<T & ErrorBody>({ url, headers: headersFor(url) });
  const idsOf = (list: SubmissionList) => list.submissions.map((s) => s.id).sort();
  const csv = async (url: string) => {
    const response = await app.server.inject({ url, headers: headersFor(url) });
    expect(response.statusCode, response.payload.slice(0, 300)).toBe(200);
    const [header, ...rows] = parse(response.rawPayload, { bom: true }) as string[][];
    return { header: header!, rows };
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    keyHeaders = bearer((await createTestApiKey(app, 'read')).token);
    const submit = (email: string, language: string | undefined, attribution: Record<string, string> = {}) =>
      submitAs(app, { email_address: email }, 2, { ...(language ? { language } : {}), attribution } as never);
    ids.englishA = await submit('ann@en.example', undefined, { source: 'linkedin' });
    ids.englishB = await submit('bo@en.example', 'en');
    // The same answers as the English ones, taken in German (asked for as de-AT: its nearest, de).
    ids.germanA = await submit('cy@de.example', 'de-AT', { source: 'linkedin' });
    ids.germanB = await submit('di@de.example', 'de');
    await backdate(app, ids.germanB, '2026-10-15T12:00:00Z');
  });
  afterAll(() => app?.close());

  it('lists each submission with its language and filters by it on the admin list, /api/v1 and its search', async () => {
    for (const base of LISTS) {
      const all = (await get<SubmissionList>(base)).body;
      const languageOf = Object.fromEntries(all.submissions.map((s) => [s.id, s.language]));
      expect(languageOf, base).toEqual({
        [ids.englishA!]: 'en',
        [ids.englishB!]: 'en',
        [ids.germanA!]: 'de',
        [ids.germanB!]: 'de',
      });
      const german = (await get<SubmissionList>(`${base}?language=de`)).body;
      expect(idsOf(german), base).toEqual([ids.germanA, ids.germanB].sort());
      expect(german.pagination, base).toMatchObject({ total: 2, totalPages: 1, totalCapped: false });
      const english = (await get<SubmissionList>(`${base}?language=en&pageSize=1`)).body;
      expect(english.pagination.total, base).toBe(2);
      expect(
        english.submissions.map((s) => s.language),
        base,
      ).toEqual(['en']);
      // Tags are case-insensitive; with the other filters, every one narrows.
      expect(idsOf((await get<SubmissionList>(`${base}?language=DE&source=linkedin`)).body), base).toEqual([
        ids.germanA,
      ]);
      const october = (
        await get<SubmissionList>(`${base}?language=de&startDate=2026-10-01&endDate=2026-10-31`)
      ).body;
      expect(idsOf(october), base).toEqual([ids.germanB]);
      expect(october.pagination.total, base).toBe(1);
      // A well-formed tag no submission was taken in matches nothing.
      const french = (await get<SubmissionList>(`${base}?language=fr`)).body;
      expect(french).toMatchObject({ submissions: [], pagination: { total: 0 } });
    }
    const detail = (await get<V1SubmissionDetail>(`/api/v1/submissions/${ids.germanA}`)).body;
    expect(detail.submission.language).toBe('de');
  });

  it('refuses a malformed language with a 400 naming it, on every list, export and the analytics', async () => {
    const bases = [
      ...LISTS,
      ...EXPORTS,
      '/api/admin/submissions/export/check',
      '/api/admin/analytics/sources',
    ];
    for (const base of [...bases, '/api/v1/analytics/sources']) {
      for (const query of [
        'language=',
        'language=de_DE',
        'language=german%20please',
        `language=${'x'.repeat(40)}`,
      ]) {
        const response = await get(`${base}?${query}`);
        expect(response.status, `${base}?${query}`).toBe(400);
        expect(response.body.field, `${base}?${query}`).toBe('query.language');
      }
    }
  });

  it('exports a Language column with the question and answer texts of the default language', async () => {
    for (const base of EXPORTS) {
      const { header, rows } = await csv(`${base}?language=de`);
      const language = header.indexOf('Language');
      expect(language, base).toBeGreaterThan(-1);
      expect(
        rows.map((row) => row[language]),
        base,
      ).toEqual(['de', 'de']);
      const both = await csv(`${base}?source=linkedin`);
      const byLanguage = Object.fromEntries(both.rows.map((row) => [row[language], row]));
      const [english, german] = [byLanguage.en!, byLanguage.de!];
      // The same answers read the same whichever language they were given in: every column after
      // the submitter's own (time, name, email) is equal, questions and answers included.
      const questionColumns = both.header.slice(both.header.indexOf('Consented At (UTC)') + 1);
      expect(questionColumns.length, base).toBeGreaterThan(10);
      for (const column of questionColumns) {
        const at = both.header.indexOf(column);
        expect(german[at], `${base} ${column}`).toBe(english[at]);
      }
      // The questions are the default language's: each as English asks it, none as German does.
      const asked = async (lang: string) =>
        (await app.request<PublicQuestion[]>({ url: `/api/assessment-questions?lang=${lang}` })).body.map(
          (question) => question.text,
        );
      const [inEnglish, inGerman] = [await asked('en'), await asked('de')];
      expect(inGerman.filter((text) => !inEnglish.includes(text)).length, base).toBe(inGerman.length);
      expect(questionColumns, base).toEqual(expect.arrayContaining(inEnglish));
      expect(
        questionColumns.filter((column) => inGerman.includes(column)),
        base,
      ).toEqual([]);
      const nothing = await get(`${base}?language=fr`);
      expect(nothing.status, base).toBe(404);
      expect(nothing.body.message, base).toContain('the language fr');
    }
    const check = await get<{ submissions: number }>('/api/admin/submissions/export/check?language=de');
    expect(check.body.submissions).toBe(2);
  });

  it('sends the language in the webhook payload, as the OpenAPI document describes it', async () => {
    const payload = await submissionWebhookPayload(app.db, ids.germanA!, 'https://msp.example');
    expect(WebhookSchema.parse(payload)).toMatchObject({ data: { language: 'de' } });
    const english = (await submissionWebhookPayload(app.db, ids.englishA!, 'https://msp.example'))!;
    expect((english satisfies SubmissionWebhookPayload).data.language).toBe('en');
    expect(english.data.answers).toEqual(payload!.data.answers);
    interface Schema {
      type?: string;
      properties: Record<string, Schema>;
      required: string[];
    }
    const openapi = (
      await app.request<{
        components: { schemas: Record<string, Schema> };
        paths: Record<string, { get: { parameters: { name: string }[] } }>;
      }>({ url: '/api/v1/openapi.json' })
    ).body;
    const webhookData = openapi.components.schemas.SubmissionWebhookPayload!.properties.data!;
    expect(webhookData.properties.language).toMatchObject({ type: 'string' });
    expect(webhookData.required).toContain('language');
    const listParameters = openapi.paths['/api/v1/submissions']!.get.parameters.map((p) => p.name);
    expect(listParameters).toContain('language');
  });

  it('counts submissions per language in the analytics by source, and narrows them all to one language', async () => {
    for (const url of ['/api/admin/analytics/sources', '/api/v1/analytics/sources']) {
      const all = (await get<SourcesAnalytics>(`${url}?startDate=2026-10-01`)).body;
      const totals = (series: SourcesAnalytics['sources']) =>
        Object.fromEntries(series.map((entry) => [entry.name ?? '(none)', entry.submissions]));
      expect(totals(all.languages), url).toEqual({ en: 2, de: 2 });
      expect(totals(all.sources), url).toEqual({ linkedin: 2, '(none)': 2 });
      expect(all.totalSubmissions, url).toBe(4);
      const german = (await get<SourcesAnalytics>(`${url}?startDate=2026-10-01&language=de`)).body;
      expect(totals(german.languages), url).toEqual({ de: 2 });
      expect(totals(german.sources), url).toEqual({ linkedin: 1, '(none)': 1 });
      expect(german.totalSubmissions, url).toBe(2);
      expect(german.languages[0]!.counts[0], `${url} October`).toBe(1);
      const french = (await get<SourcesAnalytics>(`${url}?startDate=2026-10-01&language=fr`)).body;
      expect(french).toMatchObject({ totalSubmissions: 0, sources: [], languages: [] });
    }
  });

  it('counts the submissions stored before the upgrade by language, once', async () => {
    await app.db.migrate.down({ name: '20261205200000_language_filters' });
    const before = await aggregatesAndRows(app.db);
    expect(before.kept.sources).not.toEqual(before.counted.sources);
    await app.db.migrate.latest();
    const after = await aggregatesAndRows(app.db);
    expect(after.kept.sources).toEqual(after.counted.sources);
    await submitAs(app, { email_address: 'ed@de.example' }, 1, { language: 'de' });
    const later = await aggregatesAndRows(app.db);
    expect(later.kept.sources).toEqual(later.counted.sources);
    const german = (await get<SubmissionList>('/api/admin/submissions?language=de')).body;
    expect(german.pagination.total).toBe(3);
  });
});
