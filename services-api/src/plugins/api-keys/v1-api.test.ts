import type {
  AdminQuestion,
  Analytics,
  DemographicField,
  ErrorBody,
  Pillar,
  SubmissionList,
  User,
  V1AnalyticsOverview,
  V1DemographicsAnalytics,
  V1MaturityLevels,
  V1SubmissionDetail,
} from '@msp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { backdate, submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const FOUNDER = 'founder@msp.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseKinds)('/api/v1 on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  const tokens = { read: '', user_manage: '', admin: '' };
  const ids: Record<string, string> = {};

  const call = <T>(token: string, method: string, url: string, payload?: object) =>
    app.request<T & ErrorBody>({ method, url, payload, headers: bearer(token) });
  const read = <T>(url: string) => call<T>(tokens.read, 'GET', url);
  const list = (url: string) => read<SubmissionList>(url);
  const emailsOf = (body: SubmissionList) => body.submissions.map((s) => s.demographicData.email_address);

  beforeAll(async () => {
    app = await startTestApp(kind, { config: { founderEmail: FOUNDER } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    tokens.read = (await createTestApiKey(app, 'read')).token;
    tokens.user_manage = (await createTestApiKey(app, 'user_manage')).token;
    tokens.admin = (await createTestApiKey(app, 'admin')).token;
    const people = [
      [
        'dana',
        { email_address: 'dana@northwind-it.example', employee_count: '11-25' },
        '2025-01-15T10:00:00Z',
        3,
      ],
      [
        'lee',
        { first_name: 'Lee', email_address: 'Lee@Northwind-IT.example', employee_count: '1-5' },
        '2025-02-10T09:30:00Z',
        0,
      ],
      [
        'sam',
        {
          first_name: 'Sam',
          last_name: 'Okafor',
          email_address: 'sam@contoso.example',
          company: 'Contoso MSP',
          employee_count: '11-25',
          role: 'Owner / CEO',
        },
        '2025-03-05T16:45:00Z',
        1,
      ],
    ] as const;
    for (const [name, overrides, at, maturity] of people) {
      ids[name] = await submitAs(app, overrides, maturity);
      await backdate(app, ids[name]!, at);
    }
  });
  // Each test's /api/v1 answers, held to the published OpenAPI document.
  afterEach(() => expect(app.openApiViolations()).toEqual([]));
  afterAll(() => app?.close());

  describe('submissions', () => {
    it('lists them newest first, a page at a time, within a range of days', async () => {
      const all = await list('/api/v1/submissions');
      expect(all.status).toBe(200);
      expect(all.body.submissions.map((s) => s.id)).toEqual([ids.sam, ids.lee, ids.dana]);
      expect(all.body.pagination).toEqual({
        page: 1,
        pageSize: 25,
        total: 3,
        totalPages: 1,
        totalCapped: false,
      });
      const page = await list('/api/v1/submissions?page=2&pageSize=2');
      expect(page.body.submissions.map((s) => s.id)).toEqual([ids.dana]);
      expect(page.body.pagination.totalPages).toBe(2);
      const ranged = await list('/api/v1/submissions?startDate=2025-02-01&endDate=2025-02-28');
      expect(ranged.body.submissions.map((s) => s.id)).toEqual([ids.lee]);
    });

    it.each([
      ['?startDate=2025-03-01&endDate=2025-02-01', 'query.endDate'],
      ['?page=0', 'query.page'],
      ['?pageSize=101', 'query.pageSize'],
      ['?startDate=March', 'query.startDate'],
      ['?sort=asc', 'query.sort'],
      ['?order=asc', 'query'],
    ])('refuses %s with a 400 naming %s', async (query, field) => {
      const { status, body } = await list(`/api/v1/submissions${query}`);
      expect(status).toBe(400);
      expect(body.field).toBe(field);
    });

    it('searches by text, by whole email and by domain, in any case, with dates', async () => {
      expect(emailsOf((await list('/api/v1/submissions/search?q=OKAFOR')).body)).toEqual([
        'sam@contoso.example',
      ]);
      expect(
        emailsOf((await list('/api/v1/submissions/search?email=LEE@northwind-it.example')).body),
      ).toEqual(['Lee@Northwind-IT.example']);
      expect(emailsOf((await list('/api/v1/submissions/search?email=lee@northwind')).body)).toEqual([]);
      expect(
        (await list('/api/v1/submissions/search?domain=Northwind-IT.example')).body.submissions.map(
          (s) => s.id,
        ),
      ).toEqual([ids.lee, ids.dana]);
      expect((await list('/api/v1/submissions/search?domain=%40contoso.example')).body.pagination.total).toBe(
        1,
      );
      const dated = await list('/api/v1/submissions/search?domain=northwind-it.example&endDate=2025-01-31');
      expect(dated.body.submissions.map((s) => s.id)).toEqual([ids.dana]);
      expect((await list('/api/v1/submissions/search?q=%25')).body.pagination.total).toBe(0);
      expect((await list('/api/v1/submissions/search?domain=a@b')).status).toBe(400);
    });

    it('reads one submission with its frozen answers, and 404 for one that does not exist', async () => {
      const { status, body } = await read<V1SubmissionDetail>(`/api/v1/submissions/${ids.dana}`);
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual([
        'answers',
        'fromTeamInvite',
        'notes',
        'organisation',
        'previous',
        'submission',
      ]);
      expect(body.submission.id).toBe(ids.dana);
      expect(body.answers.length).toBe(body.submission.answerCount);
      const orders = body.answers.map((a) => a.questionOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect((await read(`/api/v1/submissions/${UNKNOWN_ID}`)).status).toBe(404);
      const bad = await read('/api/v1/submissions/123');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('params.id');
    });
  });

  describe('analytics', () => {
    it('gives the totals, the months and the mean levels, as the admin analytics count them', async () => {
      const { status, body } = await read<V1AnalyticsOverview>('/api/v1/analytics/overview');
      expect(status).toBe(200);
      const adminView = await app.request<Analytics>({ url: '/api/admin/analytics', headers: admin.headers });
      // One answer, field for field and under the same names, for the screen and the API.
      expect(body).toEqual(adminView.body);
      expect(body.totalSubmissions).toBe(3);
      expect(body.submissionTrends.map((t) => t.month)).toEqual(['2025-01', '2025-02', '2025-03']);
      const levels = (await app.db('submissions').pluck('overall_level')) as number[];
      const mean = levels.reduce((sum, level) => sum + level, 0) / levels.length;
      expect(body.averageOverallLevel).toBeCloseTo(mean, 2);
    });

    it('counts each overall and pillar level as the stored scores do', async () => {
      const { status, body } = await read<V1MaturityLevels>('/api/v1/analytics/maturity-levels');
      expect(status).toBe(200);
      expect(body.totalSubmissions).toBe(3);
      const overall = (await app.db('submissions').pluck('overall_level')) as number[];
      expect(body.overall.map((l) => l.level)).toEqual([0, 1, 2, 3]);
      expect(body.overall.map((l) => l.name)).toEqual(['None', 'Some', 'Advanced', 'Mature']);
      for (const level of body.overall) {
        expect(level.count).toBe(overall.filter((l) => l === level.level).length);
      }
      expect(body.overall.reduce((sum, l) => sum + l.percentage, 0)).toBeCloseTo(100, 0);
      const scores = (await app.db('submission_pillar_scores').select('pillar_id', 'level')) as {
        pillar_id: number;
        level: number;
      }[];
      const pillarIds = [...new Set(scores.map((s) => s.pillar_id))];
      expect(body.pillars.map((p) => p.pillarId).sort()).toEqual(pillarIds.sort());
      for (const pillar of body.pillars) {
        const own = scores.filter((s) => s.pillar_id === pillar.pillarId);
        expect(pillar.scored).toBe(own.length);
        expect(pillar.levels.map((l) => l.count)).toEqual(
          [0, 1, 2, 3].map((level) => own.filter((s) => s.level === level).length),
        );
      }
    });

    it('counts the answers of every select field, options in order and zeros included', async () => {
      const { status, body } = await read<V1DemographicsAnalytics>('/api/v1/analytics/demographics');
      expect(status).toBe(200);
      expect(body.fields.map((f) => f.identifier)).toEqual(['employee_count', 'managed_companies', 'role']);
      const employees = body.fields[0]!;
      expect(employees.responses).toBe(3);
      expect(employees.answers.map((a) => a.value)).toEqual([
        '1-5',
        '6-10',
        '11-25',
        '26-50',
        '51-100',
        '101+',
      ]);
      expect(employees.answers.find((a) => a.value === '11-25')).toEqual({
        value: '11-25',
        count: 2,
        percentage: 66.7,
      });
      expect(employees.answers.find((a) => a.value === '1-5')!.count).toBe(1);
      expect(employees.answers.find((a) => a.value === '6-10')!.count).toBe(0);
      const role = body.fields[2]!;
      expect(role.responses).toBe(1);
      expect(role.answers.find((a) => a.value === 'Owner / CEO')).toMatchObject({
        count: 1,
        percentage: 100,
      });
    });

    it('follows deletions, and keeps answers to an option removed since', async () => {
      const extra = await submitAs(app, { email_address: 'gone@example.com', employee_count: '51-100' }, 2);
      const before = (await read<V1DemographicsAnalytics>('/api/v1/analytics/demographics')).body.fields[0]!;
      expect(before.answers.find((a) => a.value === '51-100')!.count).toBe(1);
      const field = (await app.db('demographic_fields').where({ identifier: 'employee_count' }).first()) as {
        id: number;
      };
      const edited = await app.request({
        method: 'PATCH',
        url: `/api/admin/demographic-fields/${field.id}`,
        headers: admin.headers,
        payload: {
          identifier: 'employee_count',
          label: 'Number of Employees in Your Company',
          fieldType: 'select',
          options: ['6-10', '11-25', '26-50', '51-100', '101+'],
          order: 5,
          isRequired: true,
          isActive: true,
        },
      });
      expect(edited.status).toBe(200);
      const renamed = (await read<V1DemographicsAnalytics>('/api/v1/analytics/demographics')).body.fields[0]!;
      expect(renamed.answers.at(-1)).toEqual({ value: '1-5', count: 1, percentage: 25 });

      expect(
        (
          await app.request({
            method: 'DELETE',
            url: `/api/admin/submissions/${extra}`,
            headers: admin.headers,
          })
        ).status,
      ).toBe(200);
      const after = (await read<V1DemographicsAnalytics>('/api/v1/analytics/demographics')).body.fields[0]!;
      expect(after.responses).toBe(3);
      expect(after.answers.find((a) => a.value === '51-100')!.count).toBe(0);
      const levels = (await read<V1MaturityLevels>('/api/v1/analytics/maturity-levels')).body;
      expect(levels.totalSubmissions).toBe(3);
    });
  });

  describe('the questionnaire', () => {
    it('lists pillars, questions and demographic fields, inactive ones included', async () => {
      const pillar = (await read<Pillar[]>('/api/v1/pillars')).body[0]!;
      const disabled = await app.request({
        method: 'PUT',
        url: `/api/admin/pillars/${pillar.id}`,
        headers: admin.headers,
        payload: { ...pillar, id: undefined, key: undefined, isActive: false },
      });
      expect(disabled.status).toBe(200);
      const pillars = (await read<Pillar[]>('/api/v1/pillars')).body;
      expect(pillars.find((p) => p.id === pillar.id)).toMatchObject({ isActive: false });
      const publicPillars = (await app.request<Pillar[]>({ url: '/api/pillars' })).body;
      expect(publicPillars.map((p) => p.id)).not.toContain(pillar.id);

      const questions = (await read<AdminQuestion[]>('/api/v1/questions')).body;
      expect(questions.length).toBeGreaterThan(0);
      expect(questions[0]!.answers[0]!.pointAllocations).toBeDefined();
      const fields = (await read<DemographicField[]>('/api/v1/demographic-fields')).body;
      expect(fields.map((f) => f.identifier)).toContain('employee_count');
    });
  });

  describe('users', () => {
    const userCount = async () => Number((await app.db('users').count<{ c: string }[]>({ c: '*' }))[0]!.c);
    let founder: number;

    beforeAll(async () => {
      founder = (
        await createTestUser(app.db, { email: FOUNDER, role: 'admin', status: 'approved', isFounder: true })
      ).id;
    });

    it('lists every user to a read key', async () => {
      const { status, body } = await read<User[]>('/api/v1/users');
      expect(status).toBe(200);
      expect(body.map((u) => u.email)).toContain(FOUNDER);
    });

    it('lets a user_manage key create and change ordinary users', async () => {
      const created = await call<User>(tokens.user_manage, 'POST', '/api/v1/users', {
        email: 'New.Hire@msp.example',
        firstName: 'New',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ email: 'new.hire@msp.example', role: 'user', status: 'pending' });
      const approved = await call<User>(tokens.user_manage, 'PUT', `/api/v1/users/${created.body.id}`, {
        status: 'approved',
        lastName: 'Hire',
      });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', firstName: 'New', lastName: 'Hire' });
      expect(approved.body.approvedAt).not.toBeNull();
      const cleared = await call<User>(tokens.user_manage, 'PUT', `/api/v1/users/${created.body.id}`, {
        firstName: null,
      });
      expect(cleared.body.firstName).toBeNull();
    });

    it.each([
      [
        'create an administrator',
        'POST',
        () => '/api/v1/users',
        { email: 'boss@msp.example', role: 'admin' },
        'No API key can create an administrator',
      ],
      [
        'create the founder',
        'POST',
        () => '/api/v1/users',
        { email: FOUNDER.toUpperCase() },
        'No API key can create the founder account',
      ],
    ])(
      'refuses a user_manage key that tries to %s, writing nothing',
      async (_case, method, url, payload, message) => {
        const before = await userCount();
        const { status, body } = await call(tokens.user_manage, method, url(), payload);
        expect(status).toBe(403);
        expect(body.message).toContain(message);
        expect(await userCount()).toBe(before);
      },
    );

    it('refuses a user_manage key that tries to promote anyone, change an admin or touch the founder', async () => {
      const user = await createTestUser(app.db, { status: 'approved' });
      const otherAdmin = await createTestUser(app.db, { role: 'admin', status: 'approved' });
      const cases: [number, object, string][] = [
        [user.id, { role: 'admin' }, 'No API key can make anyone an administrator'],
        [otherAdmin.id, { status: 'denied' }, "cannot change an administrator's account"],
        [otherAdmin.id, { role: 'user' }, "cannot change an administrator's account"],
        [founder, { firstName: 'Changed' }, 'founder'],
      ];
      for (const [id, payload, message] of cases) {
        const before = JSON.stringify(await app.db('users').orderBy('id'));
        const { status, body } = await call(tokens.user_manage, 'PUT', `/api/v1/users/${id}`, payload);
        expect(status, JSON.stringify(payload)).toBe(403);
        expect(body.message).toContain(message);
        expect(JSON.stringify(await app.db('users').orderBy('id'))).toBe(before);
      }
    });

    it('refuses an admin key that tries to create, promote or approve an administrator, writing nothing', async () => {
      const user = await createTestUser(app.db, { status: 'approved' });
      const waitingAdmin = await createTestUser(app.db, { role: 'admin', status: 'pending' });
      const cases: [string, string, object, string][] = [
        ['POST', '/api/v1/users', { email: 'boss@msp.example', role: 'admin', status: 'approved' }, 'create'],
        ['POST', '/api/v1/users', { email: 'boss2@msp.example', role: 'admin', status: 'pending' }, 'create'],
        ['POST', '/api/v1/users', { email: FOUNDER }, 'create the founder'],
        ['PUT', `/api/v1/users/${user.id}`, { role: 'admin' }, 'make anyone'],
        ['PUT', `/api/v1/users/${waitingAdmin.id}`, { status: 'approved' }, 'approve'],
      ];
      for (const [method, url, payload, verb] of cases) {
        const before = JSON.stringify(await app.db('users').orderBy('id'));
        const { status, body } = await call(tokens.admin, method, url, payload);
        expect(status, JSON.stringify(payload)).toBe(403);
        expect(body.message).toContain(`No API key can ${verb}`);
        expect(body.message).toContain('administrator');
        expect(JSON.stringify(await app.db('users').orderBy('id'))).toBe(before);
      }
    });

    it('lets an admin key change administrators within the founder and approval rules', async () => {
      const otherAdmin = await createTestUser(app.db, { role: 'admin', status: 'approved' });
      const demoted = await call<User>(tokens.admin, 'PUT', `/api/v1/users/${otherAdmin.id}`, {
        role: 'user',
      });
      expect(demoted.body.role).toBe('user');
      const pending = await createTestUser(app.db, { status: 'pending' });
      expect((await call(tokens.admin, 'PUT', `/api/v1/users/${pending.id}`, { role: 'user' })).status).toBe(
        200,
      );
      expect((await call(tokens.admin, 'PUT', `/api/v1/users/${founder}`, { role: 'user' })).status).toBe(
        409,
      );
      expect((await call(tokens.admin, 'PUT', `/api/v1/users/${founder}`, { status: 'denied' })).status).toBe(
        409,
      );
      const renamed = await call<User>(tokens.admin, 'PUT', `/api/v1/users/${founder}`, {
        firstName: 'Grace',
      });
      expect(renamed.body).toMatchObject({ firstName: 'Grace', role: 'admin', status: 'approved' });
    });

    it('answers 404, 400 and 409 for what cannot be done, writing nothing', async () => {
      const existing = await createTestUser(app.db, { status: 'approved' });
      const before = await userCount();
      expect((await call(tokens.admin, 'PUT', '/api/v1/users/999999', { firstName: 'X' })).status).toBe(404);
      const empty = await call(tokens.admin, 'PUT', `/api/v1/users/${founder}`, {});
      expect(empty.status).toBe(400);
      const unknownField = await call(tokens.admin, 'PUT', `/api/v1/users/${founder}`, { email: 'x@y.z' });
      expect(unknownField.status).toBe(400);
      const invalid = await call(tokens.admin, 'POST', '/api/v1/users', { email: 'not-an-email' });
      expect(invalid.body).toMatchObject({ statusCode: 400, field: 'email' });
      const taken = await call(tokens.admin, 'POST', '/api/v1/users', {
        email: existing.email.toUpperCase(),
      });
      expect(taken.status).toBe(409);
      expect(await userCount()).toBe(before);
    });
  });
});
