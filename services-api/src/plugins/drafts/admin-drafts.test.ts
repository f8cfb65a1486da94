import type {
  AuditEventList,
  ConsentStatementAnswer,
  DraftList,
  ErrorBody,
  PublicQuestion,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { nextAddress } from '../../test/invite-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds)('the operator’s saved drafts on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let keyHeaders: Record<string, string>;
  let questions: PublicQuestion[];

  const answersFor = (count: number) =>
    Object.fromEntries(questions.slice(0, count).map((q) => [String(q.id), q.answers[0]!.id]));
  /** Saves a draft through the visitor's own route, then sets when it started and was last saved. */
  const saveDraft = async (
    email: string,
    demographics: Record<string, string>,
    answered: number,
    {
      startedAt,
      lastActivityAt,
      ...extra
    }: { startedAt: string; lastActivityAt: string } & Record<string, unknown>,
  ) => {
    const saved = await app.request<ErrorBody>({
      method: 'POST',
      url: '/api/assessment/drafts',
      payload: {
        email,
        demographics: { ...demographics, email_address: email },
        answers: answersFor(answered),
        ...extra,
      },
      remoteAddress: nextAddress(),
    });
    expect(saved.status, saved.body.message).toBe(202);
    await app
      .db('assessment_drafts')
      .whereRaw('lower(email) = ?', [email.toLowerCase()])
      .update({ created_at: startedAt, updated_at: lastActivityAt });
  };
  const adminList = (query = '') =>
    app.request<DraftList & ErrorBody>({ url: `/api/admin/drafts${query}`, headers: admin.headers });
  const v1List = (query = '', headers = keyHeaders) =>
    app.request<DraftList & ErrorBody>({ url: `/api/v1/drafts${query}`, headers });
  const emailsOf = (list: DraftList) => list.drafts.map((draft) => draft.email);
  const setStatement = async (text: string) =>
    (
      await app.request<ConsentStatementAnswer>({
        method: 'PUT',
        url: '/api/admin/consent-statement',
        payload: { text },
        headers: admin.headers,
      })
    ).body.statement;

  /** Within the retention period, whatever day the test runs on. */
  const daysAgo = (days: number, hour = 10) => {
    const day = new Date(Date.now() - days * DAY_MS);
    day.setUTCHours(hour, 0, 0, 0);
    return day.toISOString();
  };

  beforeAll(async () => {
    app = await startTestApp(kind, { jobs: { run: false } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    keyHeaders = bearer((await createTestApiKey(app, 'read')).token);
    questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
    await saveDraft(
      'dana@northwind-it.example',
      { first_name: 'Dana', last_name: 'Scully', company: 'Northwind IT' },
      3,
      {
        startedAt: daysAgo(10),
        lastActivityAt: daysAgo(9),
      },
    );
    await saveDraft('lee@contoso.example', { first_name: 'Lee', company: 'Contoso MSP' }, 7, {
      startedAt: daysAgo(6),
      lastActivityAt: daysAgo(5),
      language: 'de',
    });
    await saveDraft(
      'Sam@Fabrikam.example',
      { first_name: 'Sam', last_name: 'Okafor', company: '=100%_Managed' },
      1,
      {
        startedAt: daysAgo(2),
        lastActivityAt: daysAgo(1),
      },
    );
    // Past the retention period: the link no longer resumes it, and the daily run deletes it.
    await saveDraft('old@stale.example', { first_name: 'Old' }, 2, {
      startedAt: daysAgo(60),
      lastActivityAt: daysAgo(45),
    });
  });
  afterAll(() => app?.close());

  it('lists the saved drafts newest activity first, with who, when and how far they got', async () => {
    const { status, body } = await adminList();
    expect(status).toBe(200);
    expect(emailsOf(body)).toEqual([
      'sam@fabrikam.example',
      'lee@contoso.example',
      'dana@northwind-it.example',
    ]);
    expect(body.drafts[0]).toEqual({
      id: expect.any(Number),
      email: 'sam@fabrikam.example',
      firstName: 'Sam',
      lastName: 'Okafor',
      company: '=100%_Managed',
      language: 'en',
      startedAt: daysAgo(2),
      lastActivityAt: daysAgo(1),
      answered: 1,
      questionCount: questions.length,
    });
    expect(body.drafts[1]).toMatchObject({ lastName: null, language: 'de', answered: 7 });
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, total: 3, totalPages: 1, totalCapped: false });
  });

  it('searches email, name and company, and filters by language and days of last activity', async () => {
    const emails = async (query: string) => emailsOf((await adminList(query)).body);
    expect(await emails('?search=SCULLY')).toEqual(['dana@northwind-it.example']);
    expect(await emails('?search=contoso')).toEqual(['lee@contoso.example']);
    expect(await emails('?search=fabrikam.example')).toEqual(['sam@fabrikam.example']);
    // Wildcards are text to find, not patterns.
    expect(await emails('?search=100%25_')).toEqual(['sam@fabrikam.example']);
    expect(await emails('?search=nobody')).toEqual([]);
    expect(await emails('?language=de')).toEqual(['lee@contoso.example']);
    const day = (iso: string) => iso.slice(0, 10);
    expect(await emails(`?startDate=${day(daysAgo(5))}`)).toEqual([
      'sam@fabrikam.example',
      'lee@contoso.example',
    ]);
    expect(await emails(`?startDate=${day(daysAgo(9))}&endDate=${day(daysAgo(5))}`)).toEqual([
      'lee@contoso.example',
      'dana@northwind-it.example',
    ]);
  });

  it('pages through the drafts', async () => {
    const first = (await adminList('?pageSize=2')).body;
    expect(emailsOf(first)).toEqual(['sam@fabrikam.example', 'lee@contoso.example']);
    expect(first.pagination).toMatchObject({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    const second = (await adminList('?pageSize=2&page=2')).body;
    expect(emailsOf(second)).toEqual(['dana@northwind-it.example']);
    expect((await adminList('?page=9')).body.drafts).toEqual([]);
  });

  it('answers bad input with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?pageSize=101', 'pageSize'],
      ['?startDate=2026-13-01', 'startDate'],
      ['?startDate=2026-11-02&endDate=2026-11-01', 'endDate'],
      ['?language=not a tag', 'language'],
      [`?search=${'x'.repeat(201)}`, 'search'],
      ['?sort=email', 'sort'],
    ] as const) {
      const { status, body } = await adminList(query);
      expect(status, query).toBe(400);
      expect(body.message, query).toContain(field);
    }
    const { status, body } = await app.request<ErrorBody>({
      url: '/api/admin/drafts/export/csv?endDate=yesterday',
      headers: admin.headers,
    });
    expect(status).toBe(400);
    expect(body.message).toContain('endDate');
  });

  it('keeps the drafts to admins, and to keys on /api/v1', async () => {
    const user = await signedInAs(app, await createTestUser(app.db, { role: 'user', status: 'approved' }));
    expect((await app.request({ url: '/api/admin/drafts', headers: user.headers })).status).toBe(403);
    expect((await app.request({ url: '/api/admin/drafts' })).status).toBe(401);
    expect((await app.request({ url: '/api/admin/drafts/export/csv', headers: user.headers })).status).toBe(
      403,
    );
    expect((await v1List('', {})).status).toBe(401);
    expect((await v1List('', bearer('msp_not-a-key'))).status).toBe(401);
    expect((await v1List('', admin.headers)).status).toBe(401);
  });

  it('lists the same drafts with a read key on /api/v1', async () => {
    const { status, body } = await v1List('?search=northwind&pageSize=10');
    expect(status).toBe(200);
    expect(body).toEqual((await adminList('?search=northwind&pageSize=10')).body);
    expect(emailsOf(body)).toEqual(['dana@northwind-it.example']);
    expect((await v1List('?page=abc')).body.message).toContain('page');
    expect(app.openApiViolations()).toEqual([]);
  });

  it('exports the matching drafts as CSV, and records the export in the audit trail', async () => {
    const response = await app.server.inject({
      url: '/api/admin/drafts/export/csv?search=.example&startDate=' + daysAgo(9).slice(0, 10),
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="saved-drafts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const stamp = (iso: string) => iso.slice(0, 19).replace('T', ' ');
    expect(response.payload.split('\n')).toEqual([
      '\uFEFFEmail,First Name,Last Name,Company,Language,Started (UTC),Last Activity (UTC),Answered,Questions',
      // A value that would run as a formula is written as text.
      `sam@fabrikam.example,Sam,Okafor,'=100%_Managed,en,${stamp(daysAgo(2))},${stamp(daysAgo(1))},1,${questions.length}`,
      `lee@contoso.example,Lee,,Contoso MSP,de,${stamp(daysAgo(6))},${stamp(daysAgo(5))},7,${questions.length}`,
      `dana@northwind-it.example,Dana,Scully,Northwind IT,en,${stamp(daysAgo(10))},${stamp(daysAgo(9))},3,${questions.length}`,
      '',
    ]);

    const audit = await app.request<AuditEventList>({
      url: '/api/admin/audit?action=draft.export',
      headers: admin.headers,
    });
    expect(audit.body.events).toHaveLength(1);
    expect(audit.body.events[0]).toMatchObject({
      action: 'draft.export',
      actor: { kind: 'user', id: admin.user.id },
      target: { type: 'draft', id: null },
      // That there was a search, not its text: it may be a person's name.
      summary: { searched: true, startDate: daysAgo(9).slice(0, 10) },
    });
  });

  it('while a consent statement is set, shows only the drafts whose visitor ticked one', async () => {
    const statement = await setStatement('I agree that Example MSP may contact me.');
    try {
      expect((await adminList()).body.drafts).toEqual([]);
      await saveDraft('ada@consented.example', { first_name: 'Ada' }, 4, {
        startedAt: daysAgo(1),
        lastActivityAt: daysAgo(0, 0),
        consentStatementId: statement!.id,
      });
      expect(emailsOf((await adminList()).body)).toEqual(['ada@consented.example']);
      expect(emailsOf((await v1List()).body)).toEqual(['ada@consented.example']);
      const csv = await app.server.inject({ url: '/api/admin/drafts/export/csv', headers: admin.headers });
      expect(csv.payload.trim().split('\n')).toHaveLength(2);
      expect(csv.payload).toContain('ada@consented.example');
      // A statement replaced since: its drafts were still ticked by their visitors.
      await setStatement('I agree to be contacted.');
      expect(emailsOf((await adminList()).body)).toEqual(['ada@consented.example']);
    } finally {
      await setStatement('');
      await app.db('assessment_drafts').where({ email: 'ada@consented.example' }).delete();
    }
    // No statement: every draft again.
    expect((await adminList()).body.pagination.total).toBe(3);
  });
});
