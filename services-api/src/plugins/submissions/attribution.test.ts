import {
  SubmissionWebhookPayload,
  type Attribution,
  type ErrorBody,
  type PublicQuestion,
  type SourcesAnalytics,
  type SubmissionDetail,
  type SubmissionList,
  type V1SubmissionDetail,
} from '@msp/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { person } from '../../test/fixtures.js';
import { backdate, submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes!').toString('base64')}`;

const NONE: Attribution = {
  source: null,
  medium: null,
  campaign: null,
  term: null,
  content: null,
  ref: null,
  referrer: null,
  landingPath: null,
};

describe.each(testDatabaseKinds)('attribution on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let receiver: WebhookReceiver;
  let keyHeaders: Record<string, string>;

  const adminGet = async <T>(url: string) =>
    (await app.request<T & ErrorBody>({ url, headers: admin.headers })).body;
  const v1Get = async <T>(url: string) =>
    (await app.request<T & ErrorBody>({ url, headers: keyHeaders })).body;
  const submitWith = (attribution: unknown, company = 'Northwind IT') =>
    submitAs(app, { company }, 2, { attribution } as never);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://assess.example.com' },
      jobs: { pollIntervalMs: 100, retryDelaysMs: [300] },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    keyHeaders = bearer((await createTestApiKey(app, 'read')).token);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('stores what the visit brought, and answers it in the admin detail, /api/v1 and the webhook', async () => {
    const id = await submitWith({
      source: ' linkedin ',
      medium: 'social',
      campaign: 'spring-webinar',
      term: 'rmm automation',
      content: 'banner-b',
      ref: 'partner-42',
      referrer: 'WWW.LinkedIn.com',
      landingPath: '/',
    });
    const expected: Attribution = {
      source: 'linkedin',
      medium: 'social',
      campaign: 'spring-webinar',
      term: 'rmm automation',
      content: 'banner-b',
      ref: 'partner-42',
      referrer: 'www.linkedin.com',
      landingPath: '/',
    };

    const row = await app.db('submissions').where({ id }).first();
    expect(row).toMatchObject({
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'spring-webinar',
      utm_term: 'rmm automation',
      utm_content: 'banner-b',
      ref_code: 'partner-42',
      referrer_host: 'www.linkedin.com',
      landing_path: '/',
    });
    expect((await adminGet<SubmissionDetail>(`/api/admin/submissions/${id}`)).submission.attribution).toEqual(
      expected,
    );
    expect((await v1Get<V1SubmissionDetail>(`/api/v1/submissions/${id}`)).submission.attribution).toEqual(
      expected,
    );
    const listed = await v1Get<SubmissionList>('/api/v1/submissions?source=linkedin');
    expect(listed.submissions.find((s) => s.id === id)?.attribution).toEqual(expected);

    const [request] = await eventually(
      () => {
        const found = receiver.received.filter((r) => JSON.parse(r.body).data.submissionId === id);
        return found.length === 1 && found;
      },
      { what: 'the webhook' },
    );
    const payload = SubmissionWebhookPayload.parse(
      new Webhook(SECRET).verify(request!.body, request!.headers as Record<string, string>),
    );
    expect(payload.data.attribution).toEqual(expected);
  });

  it('answers nulls for a submission that brought nothing, or only empty values', async () => {
    const bare = await submitAs(app, {}, 1);
    const empty = await submitWith({ source: '  ', campaign: '', referrer: '' });
    for (const id of [bare, empty]) {
      expect(
        (await adminGet<SubmissionDetail>(`/api/admin/submissions/${id}`)).submission.attribution,
      ).toEqual(NONE);
    }
  });

  it('refuses bad values with a 400 naming the field, and stores nothing', async () => {
    const questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
    const answers = questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id }));
    const cases: [unknown, string][] = [
      [{ source: 'x'.repeat(201) }, 'attribution.source'],
      [{ campaign: 'spring\u0000webinar' }, 'attribution.campaign'],
      [{ medium: 'line\nbreak' }, 'attribution.medium'],
      [{ term: 'zero\u200bwidth' }, 'attribution.term'],
      [{ content: 42 }, 'attribution.content'],
      [{ ref: 'r'.repeat(201) }, 'attribution.ref'],
      [{ referrer: 'https://www.google.com/search?q=dana+reyes' }, 'attribution.referrer'],
      [{ referrer: 'h'.repeat(254) }, 'attribution.referrer'],
      [{ landingPath: 'assessment' }, 'attribution.landingPath'],
      [{ landingPath: `/${'p'.repeat(500)}` }, 'attribution.landingPath'],
      [{ gclid: 'abc' }, 'attribution'],
      ['linkedin', 'attribution'],
    ];
    // What a refused submit could have written: the rows and every aggregate (the analysis jobs of
    // earlier submissions may still be writing their analyses, so whole rows would not compare).
    const written = async () =>
      JSON.stringify({
        ids: (await app.db('submissions').select('id').orderBy('id')).map((row) => row.id),
        scores: (await app.db('submission_pillar_scores').count({ n: '*' }))[0],
        sources: await app
          .db('submission_stats_sources')
          .select('*')
          .orderBy(['dimension', 'day', 'value', 'shard']),
        monthly: await app
          .db('submission_stats_sources_monthly')
          .select('*')
          .orderBy(['dimension', 'month', 'value', 'shard']),
        counts: await app.db('submission_stats_monthly').select('*').orderBy(['month', 'shard']),
      });
    const before = await written();
    for (const [attribution, field] of cases) {
      const response = await app.request<ErrorBody>({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: person, answers, attribution },
      });
      expect(response.status, JSON.stringify(attribution)).toBe(400);
      expect(response.body.field, JSON.stringify(attribution)).toBe(field);
    }
    expect(await written()).toBe(before);
  });

  describe('the list filters', () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      ids.newsletterSpring = await submitWith(
        { source: 'newsletter', campaign: 'spring-2026' },
        'Filter Co A',
      );
      ids.newsletterFall = await submitWith({ source: 'newsletter', campaign: 'fall-2026' }, 'Filter Co B');
      ids.partnerSpring = await submitWith(
        { source: 'partner-site', campaign: 'spring-2026' },
        'Filter Co C',
      );
      // Case counts: a filter matches the value as it was stored.
      ids.upper = await submitWith({ source: 'Newsletter' }, 'Filter Co D');
    });

    const idsOf = (list: SubmissionList) => list.submissions.map((s) => s.id).sort();

    it('list by exact source and campaign on the admin list, /api/v1 and its search', async () => {
      for (const base of ['/api/admin/submissions?', '/api/v1/submissions?', '/api/v1/submissions/search?']) {
        const get = base.startsWith('/api/admin') ? adminGet<SubmissionList> : v1Get<SubmissionList>;
        const bySource = await get(`${base}source=newsletter`);
        expect(idsOf(bySource), base).toEqual([ids.newsletterSpring, ids.newsletterFall].sort());
        expect(bySource.pagination.total, base).toBe(2);
        expect(idsOf(await get(`${base}campaign=spring-2026`)), base).toEqual(
          [ids.newsletterSpring, ids.partnerSpring].sort(),
        );
        expect(idsOf(await get(`${base}source=newsletter&campaign=spring-2026`)), base).toEqual([
          ids.newsletterSpring,
        ]);
        expect(idsOf(await get(`${base}source=Newsletter`)), base).toEqual([ids.upper]);
        const none = await get(`${base}source=nowhere`);
        expect(none.submissions, base).toEqual([]);
        expect(none.pagination.total, base).toBe(0);
      }
      // With the admin's search and a page size: the filters add up.
      const page = await adminGet<SubmissionList>(
        '/api/admin/submissions?source=newsletter&search=filter%20co%20b&pageSize=1',
      );
      expect(idsOf(page)).toEqual([ids.newsletterFall]);
    });

    it('refuse a bad filter with a 400 naming it', async () => {
      for (const base of ['/api/admin/submissions', '/api/v1/submissions', '/api/v1/submissions/search']) {
        const get = base.startsWith('/api/admin') ? adminGet<ErrorBody> : v1Get<ErrorBody>;
        expect((await get(`${base}?source=${'s'.repeat(201)}`)).field, base).toBe('query.source');
        expect((await get(`${base}?campaign=`)).field, base).toBe('query.campaign');
        expect((await get(`${base}?source=a&source=b`)).statusCode, base).toBe(400);
      }
    });
  });

  describe('the analytics by source', () => {
    beforeAll(async () => {
      // A clean slate: the counts below are checked exactly.
      await app.db('submissions').delete();
      const at = async (attribution: unknown, submittedAt: string) =>
        backdate(app, await submitWith(attribution), submittedAt);
      await at({ source: 'linkedin', campaign: 'webinar' }, '2026-09-03T10:00:00Z');
      await at({ source: 'linkedin', campaign: 'webinar' }, '2026-09-03T23:59:59Z');
      await at({ source: 'linkedin', campaign: 'ebook' }, '2026-11-01T00:00:00Z');
      await at({ source: 'google' }, '2026-11-15T12:00:00Z');
      await at({}, '2026-11-16T12:00:00Z');
      await at({ campaign: 'webinar' }, '2026-11-30T23:00:00Z');
    });

    it('count submissions per source and per campaign for every month, on the admin and /api/v1', async () => {
      const expected: SourcesAnalytics = {
        interval: 'month',
        periods: ['2026-09', '2026-10', '2026-11'],
        totalSubmissions: 6,
        sources: [
          { name: 'linkedin', submissions: 3, counts: [2, 0, 1] },
          { name: null, submissions: 2, counts: [0, 0, 2] },
          { name: 'google', submissions: 1, counts: [0, 0, 1] },
        ],
        // None of these brought a medium or a referral code.
        mediums: [{ name: null, submissions: 6, counts: [2, 0, 4] }],
        campaigns: [
          { name: 'webinar', submissions: 3, counts: [2, 0, 1] },
          { name: null, submissions: 2, counts: [0, 0, 2] },
          { name: 'ebook', submissions: 1, counts: [0, 0, 1] },
        ],
        refs: [{ name: null, submissions: 6, counts: [2, 0, 4] }],
        languages: [{ name: 'en', submissions: 6, counts: [2, 0, 4] }],
      };
      expect(await adminGet<SourcesAnalytics>('/api/admin/analytics/sources')).toEqual(expected);
      expect(await v1Get<SourcesAnalytics>('/api/v1/analytics/sources')).toEqual(expected);
    });

    it('count the months a range cuts into by their days only, and whole months whole', async () => {
      const cut = await adminGet<SourcesAnalytics>(
        '/api/admin/analytics/sources?startDate=2026-09-03&endDate=2026-11-15',
      );
      expect(cut).toMatchObject({ periods: ['2026-09', '2026-10', '2026-11'], totalSubmissions: 4 });
      expect(cut.sources).toEqual([
        { name: 'linkedin', submissions: 3, counts: [2, 0, 1] },
        { name: 'google', submissions: 1, counts: [0, 0, 1] },
      ]);
      expect(cut.campaigns).toEqual([
        { name: 'webinar', submissions: 2, counts: [2, 0, 0] },
        { name: 'ebook', submissions: 1, counts: [0, 0, 1] },
        { name: null, submissions: 1, counts: [0, 0, 1] },
      ]);
      const later = await adminGet<SourcesAnalytics>(
        '/api/admin/analytics/sources?startDate=2026-09-04&endDate=2026-11-30',
      );
      expect(later).toMatchObject({ periods: ['2026-09', '2026-10', '2026-11'], totalSubmissions: 4 });
      expect(later.campaigns).toEqual([
        { name: null, submissions: 2, counts: [0, 0, 2] },
        { name: 'ebook', submissions: 1, counts: [0, 0, 1] },
        { name: 'webinar', submissions: 1, counts: [0, 0, 1] },
      ]);
      const oneMonth = await adminGet<SourcesAnalytics>(
        '/api/admin/analytics/sources?startDate=2026-11-02&endDate=2026-11-16',
      );
      expect(oneMonth).toMatchObject({ periods: ['2026-11'], totalSubmissions: 2 });
    });

    it('count per day within a range, and take back a deleted submission', async () => {
      const url = '/api/admin/analytics/sources?interval=day&startDate=2026-11-14&endDate=2026-11-16';
      const before = await adminGet<SourcesAnalytics>(url);
      expect(before).toEqual({
        interval: 'day',
        periods: ['2026-11-14', '2026-11-15', '2026-11-16'],
        totalSubmissions: 2,
        sources: [
          { name: 'google', submissions: 1, counts: [0, 1, 0] },
          { name: null, submissions: 1, counts: [0, 0, 1] },
        ],
        mediums: [{ name: null, submissions: 2, counts: [0, 1, 1] }],
        campaigns: [{ name: null, submissions: 2, counts: [0, 1, 1] }],
        refs: [{ name: null, submissions: 2, counts: [0, 1, 1] }],
        languages: [{ name: 'en', submissions: 2, counts: [0, 1, 1] }],
      });
      await app.db('submissions').where({ utm_source: 'google' }).delete();
      const after = await adminGet<SourcesAnalytics>(url);
      expect(after.sources).toEqual([{ name: null, submissions: 1, counts: [0, 0, 1] }]);
    });

    it('refuse a bad interval or a range too long to draw', async () => {
      const bad = async (query: string) => {
        const response = await app.request<ErrorBody>({
          url: `/api/admin/analytics/sources?${query}`,
          headers: admin.headers,
        });
        return [response.status, response.body.field];
      };
      expect(await bad('interval=week')).toEqual([400, 'query.interval']);
      expect(await bad('startDate=2026-12-01&endDate=2026-11-01')).toEqual([400, 'query.endDate']);
      expect(await bad('interval=day&startDate=2020-01-01&endDate=2026-11-01')).toEqual([
        400,
        'query.startDate',
      ]);
      expect(await bad('startDate=0001-01-01')).toEqual([400, 'query.startDate']);
      // A year of days is the most one answer counts.
      expect(await bad('interval=day&startDate=2025-10-31&endDate=2026-11-01')).toEqual([
        400,
        'query.startDate',
      ]);
      const year = await adminGet<SourcesAnalytics>(
        '/api/admin/analytics/sources?interval=day&startDate=2025-11-01&endDate=2026-11-01',
      );
      expect(year.periods).toHaveLength(366);
    });
  });

  it('exports where each lead came from as columns of the CSV and the XLSX', async () => {
    const domain = 'attributed-export.example';
    await submitAs(app, { email_address: `lead@${domain}` }, 2, {
      attribution: { source: 'newsletter', campaign: '=spring', ref: 'partner-7', landingPath: '/' },
    } as never);
    await submitAs(app, { email_address: `direct@${domain}` }, 2);
    const download = (format: string) =>
      app.server.inject({
        url: `/api/admin/submissions/export/csv?domain=${domain}&format=${format}`,
        headers: admin.headers,
      });

    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parse(csv.rawPayload, { bom: true }) as string[][];
    const at = (name: string) => header!.indexOf(name);
    const wanted = ['Source', 'Medium', 'Campaign', 'Term', 'Content', 'Ref', 'Referrer', 'Landing Path'];
    expect(wanted.map(at).every((index) => index > 0)).toBe(true);
    expect(
      rows.map((row) => [row[at('Source')], row[at('Campaign')], row[at('Ref')], row[at('Landing Path')]]),
    ).toEqual([
      ['newsletter', "'=spring", 'partner-7', '/'],
      ['', '', '', ''],
    ]);

    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headerCells = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = headerCells.indexOf('Campaign') + 1;
    expect(column).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(column).value).toBe("'=spring");
    expect(sheet.getRow(2).getCell(headerCells.indexOf('Source') + 1).value).toBe('newsletter');
  });

  it('documents attribution, the filters and the analytics in the OpenAPI document', async () => {
    const document = await adminGet<{
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>('/api/admin/openapi.json');
    const text = JSON.stringify(document);
    for (const path of ['/api/v1/submissions', '/api/v1/submissions/search']) {
      const names = document.paths[path]!.get!.parameters!.map((p) => p.name);
      expect(names, path).toEqual(expect.arrayContaining(['source', 'campaign']));
    }
    expect(document.paths['/api/v1/analytics/sources']?.get).toBeDefined();
    expect(text).toContain('landingPath');
    expect(text).toContain("The referring site's host name");
  });
});
