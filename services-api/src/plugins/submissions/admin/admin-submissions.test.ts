import type {
  AdminStats,
  Analytics,
  DomainEmails,
  ErrorBody,
  ResultsResponse,
  SubmissionDetail,
  SubmissionDomains,
  SubmissionList,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../../test/auth-helpers.js';
import { backdate, submissionFingerprint, submitAs } from '../../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { eventually } from '../../../test/webhook-receiver.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseKinds)('admin submissions on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  const ids: Record<string, string> = {};

  const get = <T>(url: string) => app.request<T & ErrorBody>({ url, headers: admin.headers });
  const list = (query = '') => get<SubmissionList>(`/api/admin/submissions${query}`);

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    // Oldest first; each backdated so the order and the date filters have something to tell apart.
    const people = [
      ['dana', { first_name: 'Dana', email_address: 'dana@northwind-it.example' }, '2025-01-15T10:00:00Z', 3],
      ['lee', { first_name: 'Lee', email_address: 'Lee@Northwind-IT.example' }, '2025-02-10T09:30:00Z', 0],
      [
        'sam',
        {
          first_name: 'Sam',
          last_name: 'Okafor',
          email_address: 'sam@contoso.example',
          company: 'Contoso MSP',
        },
        '2025-02-28T23:59:59Z',
        2,
      ],
      [
        'zoe',
        {
          first_name: 'Zoë',
          last_name: 'Brontë',
          email_address: 'zoe@fabrikam.example',
          company: '100%_Managed',
        },
        '2025-03-01T00:00:00Z',
        1,
      ],
    ] as const;
    for (const [key, overrides, at, maturity] of people) {
      ids[key] = await submitAs(app, overrides, maturity);
      await backdate(app, ids[key]!, at);
    }
  });
  afterAll(() => app?.close());

  describe('list', () => {
    it('lists newest first with scores, answer count and pagination', async () => {
      const { status, body } = await list();
      expect(status).toBe(200);
      expect(body.submissions.map((s) => s.id)).toEqual([ids.zoe, ids.sam, ids.lee, ids.dana]);
      expect(body.pagination).toEqual({ page: 1, pageSize: 25, total: 4, totalPages: 1, totalCapped: false });
      const dana = body.submissions.find((s) => s.id === ids.dana)!;
      const questionCount = Number(
        (await app.db('questions').where({ is_active: true }).count({ c: '*' }))[0]!.c,
      );
      expect(dana).toMatchObject({
        submittedAt: '2025-01-15T10:00:00.000Z',
        ipAddress: expect.any(String),
        demographicData: { first_name: 'Dana', company: 'Northwind IT' },
        answerCount: questionCount,
        scores: { overallLevel: 3, cumulativeAverage: 100 },
      });
      expect(dana.scores.pillarScores.map((p) => p.pillarName)).toEqual([
        'Expertise',
        'Processes',
        'Alignment',
        'Leadership',
        'Tooling',
        'KPIs',
      ]);
      const lee = body.submissions.find((s) => s.id === ids.lee)!;
      expect(lee.scores).toMatchObject({ overallLevel: 0, cumulativeAverage: 0 });
      // The cumulative average is the mean of the pillar percentages, to one decimal.
      for (const s of body.submissions) {
        const mean = s.scores.pillarScores.reduce((sum, p) => sum + p.percentage, 0) / 6;
        expect(Math.abs(s.scores.cumulativeAverage - mean)).toBeLessThanOrEqual(0.1);
      }
    });

    it('pages through every submission once, in order, from both ends', async () => {
      const all = (await list('?pageSize=100')).body.submissions.map((s) => s.id);
      const paged: string[] = [];
      for (let page = 1; page <= 2; page++) {
        const { body } = await list(`?pageSize=3&page=${page}`);
        expect(body.pagination).toEqual({ page, pageSize: 3, total: 4, totalPages: 2, totalCapped: false });
        paged.push(...body.submissions.map((s) => s.id));
      }
      expect(paged).toEqual(all);
      // Pages past the middle are read from the oldest end; each must still be the right slice.
      for (let page = 1; page <= 4; page++) {
        expect((await list(`?pageSize=1&page=${page}`)).body.submissions.map((s) => s.id)).toEqual([
          all[page - 1],
        ]);
      }
      const beyond = await list('?pageSize=3&page=9');
      expect(beyond.status).toBe(200);
      expect(beyond.body.submissions).toEqual([]);
      expect(beyond.body.pagination.total).toBe(4);
    });

    it.each([
      ['okafor', ['sam']],
      ['SAM@CONTOSO', ['sam']],
      ['northwind', ['lee', 'dana']],
      ['contoso msp', ['sam']],
      ['zoë', ['zoe']],
      ['dana reyes', ['dana']],
      // LIKE wildcards are matched literally.
      ['100%_m', ['zoe']],
      ['%', ['zoe']],
      ['_', ['zoe']],
      ['nobody-at-all', []],
    ])('searches name, email and company for %s', async (search, expected) => {
      const { body } = await list(`?search=${encodeURIComponent(search)}`);
      expect(body.submissions.map((s) => s.id)).toEqual(expected.map((key) => ids[key]));
      expect(body.pagination.total).toBe(expected.length);
    });

    it('filters by a date range that includes both days', async () => {
      const { body } = await list('?startDate=2025-02-10&endDate=2025-02-28');
      expect(body.submissions.map((s) => s.id)).toEqual([ids.sam, ids.lee]);
      const from = await list('?startDate=2025-03-01');
      expect(from.body.submissions.map((s) => s.id)).toEqual([ids.zoe]);
      const until = await list('?endDate=2025-01-15&search=dana');
      expect(until.body.submissions.map((s) => s.id)).toEqual([ids.dana]);
    });

    it.each([
      ['?page=0', 'query.page'],
      ['?page=abc', 'query.page'],
      ['?pageSize=101', 'query.pageSize'],
      ['?pageSize=0', 'query.pageSize'],
      ['?startDate=2025-13-01', 'query.startDate'],
      ['?endDate=yesterday', 'query.endDate'],
      ['?startDate=2025-03-01&endDate=2025-02-01', 'query.endDate'],
      [`?search=${'x'.repeat(201)}`, 'query.search'],
      ['?sort=name', 'query.sort'],
      ['?order=name', 'query'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.field).toBe(field);
    });
  });

  describe('detail and single export', () => {
    it('answers the submission with its frozen answers in question order', async () => {
      const { status, body } = await get<SubmissionDetail>(`/api/admin/submissions/${ids.dana}`);
      expect(status).toBe(200);
      expect(body.submission.id).toBe(ids.dana);
      expect(body.answers).toHaveLength(body.submission.answerCount);
      const orders = body.answers.map((a) => a.questionOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      const stored = await app.db('questions').orderBy('order').first('text');
      expect(body.answers[0]).toMatchObject({ questionText: stored.text, answerText: expect.any(String) });
      expect(
        body.answers.every((a) => a.answerDescription === null || typeof a.answerDescription === 'string'),
      ).toBe(true);
    });

    it('keeps showing the answers as submitted after the questions change', async () => {
      await app.db('answers').update({ text: 'rewritten later' });
      const { body } = await get<SubmissionDetail>(`/api/admin/submissions/${ids.sam}`);
      expect(body.answers.some((a) => a.answerText === 'rewritten later')).toBe(false);
    });

    it('downloads one submission as a JSON file with its answers and scores', async () => {
      const detailNow = async () => (await get<SubmissionDetail>(`/api/admin/submissions/${ids.sam}`)).body;
      // The file beside the detail read just before and just after it: its analysis may be written
      // (by a job, or the results' first view) at any moment, and the file is compared with the
      // state it was made from.
      const { response, detail } = await eventually(
        async () => {
          const before = await detailNow();
          const response = await app.server.inject({
            url: `/api/admin/submissions/${ids.sam}/export`,
            headers: admin.headers,
          });
          const after = await detailNow();
          return JSON.stringify(before) === JSON.stringify(after) && { response, detail: after };
        },
        { what: 'a download between two equal reads of the detail' },
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="submission-${ids.sam}.json"`,
      );
      expect(JSON.parse(response.payload)).toEqual(detail);
    });

    it.each(['', '/export'])(
      'answers 404 for an unknown id and 400 for a malformed one (%s)',
      async (suffix) => {
        expect((await get(`/api/admin/submissions/${UNKNOWN_ID}${suffix}`)).status).toBe(404);
        const malformed = await get(`/api/admin/submissions/not-a-uuid${suffix}`);
        expect(malformed.status).toBe(400);
        expect(malformed.body.field).toBe('params.id');
      },
    );
  });

  describe('domains', () => {
    it('lists each email domain with its number of submissions', async () => {
      const { status, body } = await get<SubmissionDomains>('/api/admin/submissions/domains');
      expect(status).toBe(200);
      expect(body.domains).toEqual([
        { domain: 'contoso.example', submissions: 1 },
        { domain: 'fabrikam.example', submissions: 1 },
        { domain: 'northwind-it.example', submissions: 2 },
      ]);
    });

    it("lists a domain's submitter emails, whatever the case of the domain asked for", async () => {
      const { body } = await get<DomainEmails>(
        '/api/admin/submissions/domain-emails?domain=NorthWind-IT.example',
      );
      expect(body.emails).toEqual(['dana@northwind-it.example', 'lee@northwind-it.example']);
      const none = await get<DomainEmails>('/api/admin/submissions/domain-emails?domain=unknown.example');
      expect(none.body.emails).toEqual([]);
    });

    it.each(['', '?domain=', '?domain=%20'])('answers 400 without a domain (%s)', async (query) => {
      const { status, body } = await get(`/api/admin/submissions/domain-emails${query}`);
      expect(status).toBe(400);
      expect(body.field).toBe('query.domain');
      expect(body.message).toContain('must name an email domain');
    });
  });

  describe('analytics', () => {
    it('counts submissions per month and averages each pillar level, as the rows say', async () => {
      const { status, body } = await get<Analytics>('/api/admin/analytics');
      expect(status).toBe(200);
      expect(body.submissionTrends).toEqual([
        { month: '2025-01', count: 1 },
        { month: '2025-02', count: 2 },
        { month: '2025-03', count: 1 },
      ]);
      const expected = await app
        .db('submission_pillar_scores')
        .select('pillar_id')
        .avg<{ pillar_id: number; avg: string }[]>({ avg: 'level' })
        .groupBy('pillar_id');
      expect(body.averageMaturityScores).toHaveLength(6);
      for (const score of body.averageMaturityScores) {
        const row = expected.find((r) => Number(r.pillar_id) === score.pillarId)!;
        expect(score.averageScore).toBeCloseTo(Number(row.avg), 2);
        expect(score.averageScore).toBeGreaterThanOrEqual(0);
        expect(score.averageScore).toBeLessThanOrEqual(3);
      }
      expect(body.averageMaturityScores[0]!.pillarName).toBe('Expertise');
    });
  });

  describe('email preview', () => {
    it("renders the active template with the submission's names and levels, under a strict CSP", async () => {
      const response = await app.server.inject({
        url: `/api/assessment/email-preview/${ids.dana}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['content-security-policy']).not.toContain('script-src');
      expect(response.payload).toContain('Hi Dana Reyes,');
      expect(response.payload).toContain('Northwind IT');
      expect(response.payload).toContain('Level 3: Mature');
      expect(response.payload).not.toMatch(/\{\{\s*(firstName|overall_level|kpis_level)\s*\}\}/);
    });

    it("escapes the visitor's values", async () => {
      const id = await submitAs(app, {
        first_name: '<script>alert(1)</script>',
        email_address: 'x@evil.example',
      });
      const response = await app.server.inject({
        url: `/api/assessment/email-preview/${id}`,
        headers: admin.headers,
      });
      expect(response.payload).not.toContain('<script>alert(1)');
      expect(response.payload).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      await app.server.inject({
        method: 'DELETE',
        url: `/api/admin/submissions/${id}`,
        headers: admin.headers,
      });
    });

    it('is for approved admins only', async () => {
      const url = `/api/assessment/email-preview/${ids.dana}`;
      expect((await app.server.inject({ url })).statusCode).toBe(401);
      const visitor = await signedInAs(
        app,
        await createTestUser(app.db, { role: 'user', status: 'approved' }),
      );
      expect((await app.server.inject({ url, headers: visitor.headers })).statusCode).toBe(403);
    });

    it('answers 404 for an unknown submission, and when no template is active', async () => {
      expect((await get(`/api/assessment/email-preview/${UNKNOWN_ID}`)).status).toBe(404);
      const active = await app.db('email_templates').where({ is_active: true }).select('id');
      await app.db('email_templates').update({ is_active: false });
      try {
        const { status, body } = await get(`/api/assessment/email-preview/${ids.dana}`);
        expect(status).toBe(404);
        expect(body.message).toBe('No email template is active');
      } finally {
        await app
          .db('email_templates')
          .whereIn(
            'id',
            active.map((row) => row.id),
          )
          .update({ is_active: true });
      }
    });
  });

  describe('clear analysis and delete', () => {
    it('clears the stored analysis and queues a new one, which the next view shows', async () => {
      const url = `/api/assessment/results/${ids.zoe}`;
      const first = await app.request<ResultsResponse>({ url });
      const analysisJobs = () => app.db('jobs').where({ submission_id: ids.zoe, kind: 'analysis' });
      const jobsBefore = (await analysisJobs()).length;
      const response = await app.request<{ cleared: boolean }>({
        method: 'POST',
        url: `/api/admin/submissions/${ids.zoe}/clear-ai`,
        headers: admin.headers,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ cleared: true });
      expect(await analysisJobs()).toHaveLength(jobsBefore + 1);
      const again = await app.request<ResultsResponse>({ url });
      expect(again.body.submission.aiAnalysis).toMatchObject({ source: 'builtin' });
      expect(again.body.submission.aiAnalysis?.generatedAt).not.toBe(
        first.body.submission.aiAnalysis?.generatedAt,
      );
    });

    it('deletes a submission with its scores and its share of the counts', async () => {
      const id = await submitAs(app, { email_address: 'temp@northwind-it.example' }, 2);
      const before = (await get<Analytics>('/api/admin/analytics')).body;
      const response = await app.request({
        method: 'DELETE',
        url: `/api/admin/submissions/${id}`,
        headers: admin.headers,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ deleted: true });
      expect(await app.db('submissions').where({ id }).first()).toBeUndefined();
      expect(await app.db('submission_pillar_scores').where({ submission_id: id })).toEqual([]);
      const after = (await get<Analytics>('/api/admin/analytics')).body;
      const total = (a: Analytics) => a.submissionTrends.reduce((sum, m) => sum + m.count, 0);
      expect(total(after)).toBe(total(before) - 1);
      expect((await list()).body.pagination.total).toBe(4);
      const domains = (await get<SubmissionDomains>('/api/admin/submissions/domains')).body.domains;
      expect(domains.find((d) => d.domain === 'northwind-it.example')?.submissions).toBe(2);
      expect((await get(`/api/admin/submissions/${id}`)).status).toBe(404);
    });

    it("keeps the dashboard's submission count in step with the rows", async () => {
      const { body } = await get<AdminStats>('/api/admin/stats');
      const rows = await app.db('submissions').count<{ count: string }[]>({ count: '*' });
      expect(body.submissions).toBe(Number(rows[0]!.count));
    });

    it.each([
      ['DELETE', ''],
      ['POST', '/clear-ai'],
    ])(
      '%s answers 404 for an unknown id and 400 for a malformed one, writing nothing',
      async (method, suffix) => {
        const before = await submissionFingerprint(app);
        const unknown = await app.request({
          method,
          url: `/api/admin/submissions/${UNKNOWN_ID}${suffix}`,
          headers: admin.headers,
        });
        expect(unknown.status).toBe(404);
        const malformed = await app.request<ErrorBody>({
          method,
          url: `/api/admin/submissions/1${suffix}`,
          headers: admin.headers,
        });
        expect(malformed.status).toBe(400);
        expect(malformed.body.field).toBe('params.id');
        expect(await submissionFingerprint(app)).toBe(before);
      },
    );

    it('refuses anyone but an approved admin, writing nothing', async () => {
      const before = await submissionFingerprint(app);
      const anonymous = await app.server.inject({
        method: 'DELETE',
        url: `/api/admin/submissions/${ids.dana}`,
      });
      expect(anonymous.statusCode).toBe(401);
      const pending = await signedInAs(
        app,
        await createTestUser(app.db, { role: 'admin', status: 'pending' }),
      );
      const refused = await app.server.inject({
        method: 'DELETE',
        url: `/api/admin/submissions/${ids.dana}`,
        headers: pending.headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(await submissionFingerprint(app)).toBe(before);
    });
  });
});
