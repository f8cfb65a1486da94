import { SUBMISSIONS_COUNT_CAP, type SubmissionList } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../../test/auth-helpers.js';
import { submitAs } from '../../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

/** More submissions named Okafor than a search counts, and a few named Lindqvist. */
const OKAFORS = SUBMISSIONS_COUNT_CAP + 40;
const LINDQVISTS = 30;

/**
 * A search for a common name stops counting at the cap and says so, on the admin's list and
 * /api/v1; its pages are still every match, newest first.
 */
describe.each(testDatabaseKinds)('the count of a searched list on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let keyHeaders: Record<string, string>;

  const list = async (url: string) => {
    const headers = url.startsWith('/api/admin') ? admin.headers : keyHeaders;
    const response = await app.request<SubmissionList>({ url, headers });
    expect(response.status, url).toBe(200);
    return response.body;
  };

  /** `count` copies of a submission made through the real submit, as submitted a minute apart. */
  async function copies(id: string, lastName: string, count: number): Promise<void> {
    await app.db.raw(
      `INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
        employee_count, managed_companies, overall_level, cumulative_average, answers, utm_source)
      SELECT gen_random_uuid(), s.submitted_at - n * interval '1 minute', s.ip_address,
        s.demographic_data || jsonb_build_object('last_name', ?::text,
          'email_address', lower(?::text) || n || '@example.com'),
        lower(?::text) || n || '@example.com', 'example.com', s.employee_count, s.managed_companies,
        s.overall_level, s.cumulative_average, s.answers, CASE WHEN n % 2 = 0 THEN 'linkedin' END
      FROM submissions s CROSS JOIN generate_series(1, ?) n WHERE s.id = ?`,
      [lastName, lastName, lastName, count, id],
    );
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    keyHeaders = bearer((await createTestApiKey(app, 'read')).token);
    await copies(await submitAs(app, { last_name: 'Seed' }), 'Okafor', OKAFORS);
    await copies(await submitAs(app, { last_name: 'Seed' }), 'Lindqvist', LINDQVISTS);
  }, 120_000);
  afterAll(() => app?.close());

  it('stops at the cap and says more match, on the admin list and /api/v1', async () => {
    for (const url of ['/api/admin/submissions?search=okafor', '/api/v1/submissions/search?q=okafor']) {
      const { pagination, submissions } = await list(url);
      expect(pagination, url).toEqual({
        page: 1,
        pageSize: 25,
        total: SUBMISSIONS_COUNT_CAP,
        totalPages: SUBMISSIONS_COUNT_CAP / 25,
        totalCapped: true,
      });
      expect(submissions, url).toHaveLength(25);
      expect(
        submissions.every((s) => s.demographicData.last_name === 'Okafor'),
        url,
      ).toBe(true);
    }
  });

  it('counts a search with fewer matches exactly, and the other filters whatever their size', async () => {
    expect((await list('/api/admin/submissions?search=lindqvist')).pagination).toMatchObject({
      total: LINDQVISTS,
      totalCapped: false,
    });
    expect((await list('/api/admin/submissions?search=okafor&source=linkedin')).pagination).toMatchObject({
      total: OKAFORS / 2,
      totalCapped: false,
    });
    // No search: exact, however many, and never capped.
    const everyone = (await list('/api/admin/submissions')).pagination;
    expect(everyone).toMatchObject({ total: OKAFORS + LINDQVISTS + 2, totalCapped: false });
    expect((await list('/api/v1/submissions?source=linkedin')).pagination).toMatchObject({
      total: OKAFORS / 2 + LINDQVISTS / 2,
      totalCapped: false,
    });
  });

  it('pages a capped search newest first, and answers pages past the cap when asked', async () => {
    const first = await list('/api/admin/submissions?search=okafor&pageSize=100');
    const second = await list('/api/admin/submissions?search=okafor&pageSize=100&page=2');
    const times = [...first.submissions, ...second.submissions].map((s) => s.submittedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set([...first.submissions, ...second.submissions].map((s) => s.id)).size).toBe(200);
    // A page deep within the count holds what the whole list, newest first, has there.
    const deep = await list('/api/admin/submissions?search=okafor&pageSize=100&page=50');
    const expected = await app
      .db('submissions')
      .where('search_text', 'like', '%okafor%')
      .orderBy([
        { column: 'submitted_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(4_900)
      .limit(100)
      .pluck('id');
    expect(deep.submissions.map((s) => s.id)).toEqual(expected);
    // The last of every match: past what was counted, still there.
    const last = await list(
      `/api/admin/submissions?search=okafor&pageSize=100&page=${Math.ceil(OKAFORS / 100)}`,
    );
    expect(last.submissions).toHaveLength(OKAFORS % 100);
    expect(last.pagination.totalCapped).toBe(true);
  });
});
