import type {
  AuditEventList,
  ErrorBody,
  OrganisationDetail,
  OrganisationList,
  SubmissionDetail,
  V1SubmissionDetail,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { backdate, submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { submissionWebhookPayload } from '../submissions/follow-ups/webhook.js';

const NORTHWIND = 'northwind-it.example';
const TECH = 'Technical Lead / Engineer';

/** A person at a domain, with the demographic answers the questionnaire asks. */
const at = (first: string, domain: string, role?: string) => ({
  first_name: first,
  last_name: 'Tester',
  email_address: `${first.toLowerCase()}@${domain}`,
  company: domain,
  ...(role && { role }),
});

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
/** Within the rounding of a one-decimal figure: the database and JavaScript round a .x5 apart. */
const expectOneDecimal = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThanOrEqual(0.05 + 1e-9);

describe.each(testDatabaseKinds)('the operator’s organisations on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let keyHeaders: Record<string, string>;
  /** Northwind's submissions in time order: Dana, Sam, Lee, then Dana again (from an invite). */
  const northwind: string[] = [];
  const contoso: string[] = [];
  let fabrikam: string;
  let personal: string;

  const adminGet = <T>(url: string) => app.request<T & ErrorBody>({ url, headers: admin.headers });
  const list = (query = '') => adminGet<OrganisationList>(`/api/admin/organisations${query}`);
  const domainsOf = (body: OrganisationList) => body.organisations.map((o) => o.domain);
  const scoresOf = async (id: string) =>
    (await adminGet<SubmissionDetail>(`/api/admin/submissions/${id}`)).body.submission.scores;

  beforeAll(async () => {
    app = await startTestApp(kind, { jobs: { run: false } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    keyHeaders = bearer((await createTestApiKey(app, 'read')).token);

    const dated = async (
      person: ReturnType<typeof at>,
      maturity: number | ((i: number) => number),
      day: string,
    ) => {
      const id = await submitAs(app, person, maturity);
      await backdate(app, id, `${day}T10:00:00Z`);
      return id;
    };
    northwind.push(await dated(at('Dana', NORTHWIND, 'Owner / CEO'), 3, '2026-06-10'));
    northwind.push(await dated(at('Sam', NORTHWIND, TECH), 1, '2026-07-05'));
    northwind.push(await dated(at('Lee', NORTHWIND, TECH), (i) => i % 4, '2026-07-20'));
    northwind.push(await dated(at('Dana', NORTHWIND, 'Owner / CEO'), (i) => (i % 2) + 1, '2026-08-03'));
    fabrikam = await dated(at('Ola', 'fabrikam.example'), 2, '2026-08-15');
    // Contoso's two, now: a change of its team average, so a trend.
    contoso.push(await submitAs(app, at('Kim', 'contoso.example'), 0));
    contoso.push(await submitAs(app, at('Kim', 'contoso.example'), 3));
    personal = await submitAs(app, at('Solo', 'gmail.com'), 2);

    // Dana proved her address; Ghost did too, but never assessed, so is no member.
    await app.db('verified_visitors').insert([
      { email: `dana@${NORTHWIND}`, domain: NORTHWIND },
      { email: `ghost@${NORTHWIND}`, domain: NORTHWIND },
    ]);
    await app.db('team_members').insert([
      { email: `sam@${NORTHWIND}`, domain: NORTHWIND, shares: true },
      { email: `lee@${NORTHWIND}`, domain: NORTHWIND, shares: false, left_at: new Date() },
    ]);
    // Dana's retake came from Sam's invite.
    const [invite] = await app
      .db('team_invites')
      .insert({
        domain: NORTHWIND,
        email: `dana@${NORTHWIND}`,
        invited_by: `sam@${NORTHWIND}`,
        token_hash: 'a'.repeat(64),
        language: 'en',
        expires_at: new Date(Date.now() + 86_400_000),
        accepted_at: new Date(),
      })
      .returning('id');
    await app.db('submissions').where({ id: northwind[3] }).update({ team_invite_id: invite.id });
  });
  afterAll(() => app?.close());

  it('lists each company domain with its members, submissions and team level, most recent first; never a free-mail one', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(domainsOf(body)).toEqual(['contoso.example', 'fabrikam.example', NORTHWIND]);
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, total: 3, totalPages: 1, totalCapped: false });

    const contosoScores = await Promise.all(contoso.map(scoresOf));
    expect(body.organisations[0]).toEqual({
      domain: 'contoso.example',
      members: 1,
      verifiedMembers: 0,
      submissions: 2,
      firstSubmittedAt: expect.any(String),
      lastSubmittedAt: expect.any(String),
      teamLevel: contosoScores[1]!.overallLevel,
      teamAverage: contosoScores[1]!.cumulativeAverage,
      trend:
        Math.round((contosoScores[1]!.cumulativeAverage - contosoScores[0]!.cumulativeAverage) * 10) / 10,
    });
    expect(body.organisations[1]!.trend).toBeNull();

    const latest = await Promise.all([northwind[1]!, northwind[2]!, northwind[3]!].map(scoresOf));
    const nw = body.organisations[2]!;
    expect(nw).toMatchObject({
      members: 3,
      verifiedMembers: 1,
      submissions: 4,
      firstSubmittedAt: '2026-06-10T10:00:00.000Z',
      lastSubmittedAt: '2026-08-03T10:00:00.000Z',
    });
    expectOneDecimal(nw.teamLevel, mean(latest.map((s) => s.overallLevel)));
    expectOneDecimal(nw.teamAverage, mean(latest.map((s) => s.cumulativeAverage)));

    expect((await adminGet<ErrorBody>('/api/admin/organisations/gmail.com')).status).toBe(404);
    expect(app.openApiViolations()).toEqual([]);
  });

  it('searches the domain in any case, sorts by each column either way, and pages', async () => {
    expect(domainsOf((await list('?search=NORTH')).body)).toEqual([NORTHWIND]);
    expect(domainsOf((await list('?search=%25')).body)).toEqual([]);
    expect(domainsOf((await list('?search=gmail')).body)).toEqual([]);
    expect(domainsOf((await list('?sort=domain&direction=asc')).body)).toEqual([
      'contoso.example',
      'fabrikam.example',
      NORTHWIND,
    ]);
    expect(domainsOf((await list('?sort=submissions&direction=asc')).body)).toEqual([
      'fabrikam.example',
      'contoso.example',
      NORTHWIND,
    ]);
    // A tie (one member each) is broken by the domain, in the same direction.
    expect(domainsOf((await list('?sort=members&direction=desc')).body)).toEqual([
      NORTHWIND,
      'fabrikam.example',
      'contoso.example',
    ]);
    expect(domainsOf((await list('?sort=lastSubmittedAt&direction=asc')).body)).toEqual([
      NORTHWIND,
      'fabrikam.example',
      'contoso.example',
    ]);
    const byLevel = (await list('?sort=teamLevel&direction=desc')).body.organisations.map(
      (o) => o.teamLevel!,
    );
    expect(byLevel).toEqual([...byLevel].sort((a, b) => b - a));
    for (const direction of ['asc', 'desc']) {
      const trends = (await list(`?sort=trend&direction=${direction}`)).body.organisations.map(
        (o) => o.trend,
      );
      // Those without a trend last, either way.
      expect(trends.at(-1)).toBeNull();
      const known = trends.filter((t): t is number => t !== null);
      expect(known).toEqual([...known].sort((a, b) => (direction === 'asc' ? a - b : b - a)));
    }

    const second = await list('?sort=domain&direction=asc&page=2&pageSize=2');
    expect(domainsOf(second.body)).toEqual([NORTHWIND]);
    expect(second.body.pagination).toMatchObject({ page: 2, pageSize: 2, total: 3, totalPages: 2 });

    for (const [query, field] of [
      ['?sort=name', 'sort'],
      ['?direction=up', 'direction'],
      ['?pageSize=101', 'pageSize'],
      ['?colour=red', 'colour'],
    ] as const) {
      const refused = await list(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body.message, query).toContain(field);
    }
  });

  it("shows an organisation's members, their submissions, the spread per pillar and role, and its history", async () => {
    const { status, body } = await adminGet<OrganisationDetail>(
      `/api/admin/organisations/${NORTHWIND.toUpperCase()}`,
    );
    expect(status).toBe(200);
    expect(body.organisation.domain).toBe(NORTHWIND);
    expect(body.members.map((m) => [m.email, m.name, m.role, m.verified, m.shares, m.left])).toEqual([
      [`dana@${NORTHWIND}`, 'Dana Tester', 'Owner / CEO', true, false, false],
      [`lee@${NORTHWIND}`, 'Lee Tester', TECH, false, false, true],
      [`sam@${NORTHWIND}`, 'Sam Tester', TECH, false, true, false],
    ]);
    expect(body.members[0]!.submissions.map((s) => [s.submissionId, s.submittedAt, s.fromInvite])).toEqual([
      [northwind[3], '2026-08-03T10:00:00.000Z', true],
      [northwind[0], '2026-06-10T10:00:00.000Z', false],
    ]);

    // The figures worked out here from each member's latest submission as the submission says it.
    const [sam, lee, dana] = await Promise.all([northwind[1]!, northwind[2]!, northwind[3]!].map(scoresOf));
    const latest = [sam!, lee!, dana!];
    expect(body.figures!.members).toBe(3);
    expectOneDecimal(body.figures!.meanLevel, mean(latest.map((s) => s.overallLevel)));
    expectOneDecimal(body.figures!.meanPercentage, mean(latest.map((s) => s.cumulativeAverage)));
    expect(body.figures!.pillars.map((p) => p.pillarKey)).toEqual(dana!.pillarScores.map((p) => p.pillarKey));
    let disagreement = 0;
    for (const pillar of body.figures!.pillars) {
      const scores = latest.map((s) => s.pillarScores.find((p) => p.pillarKey === pillar.pillarKey)!);
      const levels = scores.map((s) => s.level);
      const percentages = scores.map((s) => s.percentage);
      const average = mean(percentages);
      expect(pillar.members).toBe(3);
      expect(pillar.lowestLevel).toBe(Math.min(...levels));
      expect(pillar.highestLevel).toBe(Math.max(...levels));
      expect(pillar.spread).toBe(Math.max(...levels) - Math.min(...levels));
      expectOneDecimal(pillar.meanLevel, mean(levels));
      expectOneDecimal(pillar.meanPercentage, average);
      expectOneDecimal(pillar.deviation, Math.sqrt(mean(percentages.map((p) => (p - average) ** 2))));
      disagreement += pillar.spread;
    }
    // The members answered differently: the spread shows it somewhere.
    expect(disagreement).toBeGreaterThan(0);

    expect(body.roles.map((r) => [r.role, r.figures.members])).toEqual([[TECH, 2]]);
    expectOneDecimal(
      body.roles[0]!.figures.meanPercentage,
      mean([sam!.cumulativeAverage, lee!.cumulativeAverage]),
    );

    const first = await scoresOf(northwind[0]!);
    expect(body.history.map((h) => [h.month, h.members])).toEqual([
      ['2026-06-01', 1],
      ['2026-07-01', 3],
      ['2026-08-01', 3],
    ]);
    expectOneDecimal(body.history[0]!.meanPercentage, first.cumulativeAverage);
    expectOneDecimal(
      body.history[1]!.meanPercentage,
      mean([first.cumulativeAverage, sam!.cumulativeAverage, lee!.cumulativeAverage]),
    );
    expectOneDecimal(body.history[2]!.meanPercentage, body.figures!.meanPercentage);

    expect(body.membersPagination).toEqual({
      page: 1,
      pageSize: 25,
      total: 3,
      totalPages: 1,
      totalCapped: false,
    });

    // A page at a time: the figures still count every member.
    const paged = await adminGet<OrganisationDetail>(
      `/api/admin/organisations/${NORTHWIND}?page=2&pageSize=2`,
    );
    expect(paged.body.members.map((m) => m.email)).toEqual([`sam@${NORTHWIND}`]);
    expect(paged.body.membersPagination).toMatchObject({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(paged.body.figures!.members).toBe(3);
    const past = await adminGet<OrganisationDetail>(
      `/api/admin/organisations/${NORTHWIND}?page=3&pageSize=2`,
    );
    expect([past.status, past.body.members]).toEqual([200, []]);
    const bad = await adminGet<ErrorBody>(`/api/admin/organisations/${NORTHWIND}?pageSize=500`);
    expect([bad.status, bad.body.field]).toEqual([400, 'query.pageSize']);

    for (const domain of ['gmail.com', 'nobody.example']) {
      const missing = await adminGet<ErrorBody>(`/api/admin/organisations/${domain}`);
      expect(missing.status, domain).toBe(404);
    }
    expect(app.openApiViolations()).toEqual([]);
  });

  it('answers the key API with a read key, and nobody without one', async () => {
    const v1 = await app.request<OrganisationList>({
      url: '/api/v1/organisations?sort=domain',
      headers: keyHeaders,
    });
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual((await list('?sort=domain')).body);
    const detail = await app.request<OrganisationDetail>({
      url: `/api/v1/organisations/${NORTHWIND}`,
      headers: keyHeaders,
    });
    expect(detail.body).toEqual(
      (await adminGet<OrganisationDetail>(`/api/admin/organisations/${NORTHWIND}`)).body,
    );

    expect((await app.request({ url: '/api/v1/organisations' })).status).toBe(401);
    // A session opens no key route, a key no session route.
    expect((await app.request({ url: '/api/v1/organisations', headers: admin.headers })).status).toBe(401);
    expect((await app.request({ url: '/api/admin/organisations', headers: keyHeaders })).status).toBe(401);
    const member = await signedInAs(app, await createTestUser(app.db, { role: 'user', status: 'approved' }));
    expect((await app.request({ url: '/api/admin/organisations', headers: member.headers })).status).toBe(
      403,
    );
    expect(app.openApiViolations()).toEqual([]);
  });

  it('exports the organisations as CSV and XLSX in the list’s order, and records the export', async () => {
    const csv = await app.server.inject({
      url: '/api/admin/organisations/export?format=csv&sort=submissions&direction=asc&search=.example',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="organisations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.payload.trimEnd().split('\n');
    expect(lines[0]).toBe(
      '\uFEFFDomain,Members,Verified Members,Submissions,First Submitted (UTC),Last Submitted (UTC),Team Level (0-3),Team Average (%),Trend (points)',
    );
    const fab = (await list('?search=fabrikam')).body.organisations[0]!;
    expect(lines[1]).toBe(
      `fabrikam.example,1,0,1,2026-08-15 10:00:00,2026-08-15 10:00:00,${fab.teamLevel},${fab.teamAverage},`,
    );
    expect(lines.slice(2).map((line) => line.split(',')[0])).toEqual(['contoso.example', NORTHWIND]);
    expect(lines[3]!.split(',').slice(1, 4)).toEqual(['3', '1', '4']);

    const xlsx = await app.server.inject({
      url: '/api/admin/organisations/export?format=xlsx',
      headers: admin.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const audit = await adminGet<AuditEventList>('/api/admin/audit?action=organisation.export');
    expect(audit.body.events.map((e) => e.summary)).toEqual([
      { format: 'xlsx', sort: 'lastSubmittedAt', direction: 'desc' },
      { format: 'csv', sort: 'submissions', direction: 'asc', searched: true },
    ]);
    expect(audit.body.events[0]).toMatchObject({
      actor: { kind: 'user', id: admin.user.id },
      target: { type: 'organisation' },
    });
  });

  it('names the organisation and the team invite in the webhook and the key API’s submission', async () => {
    const payload = async (id: string) =>
      (await submissionWebhookPayload(app.db, id, 'https://assess.example'))!.data;
    expect(await payload(northwind[3]!)).toMatchObject({
      organisation: { domain: NORTHWIND },
      fromTeamInvite: true,
    });
    expect(await payload(fabrikam)).toMatchObject({
      organisation: { domain: 'fabrikam.example' },
      fromTeamInvite: false,
    });
    expect(await payload(personal)).toMatchObject({ organisation: null, fromTeamInvite: false });

    const v1 = await app.request<V1SubmissionDetail>({
      url: `/api/v1/submissions/${northwind[3]}`,
      headers: keyHeaders,
    });
    expect(v1.body).toMatchObject({ organisation: { domain: NORTHWIND }, fromTeamInvite: true });
    const alone = await app.request<V1SubmissionDetail>({
      url: `/api/v1/submissions/${personal}`,
      headers: keyHeaders,
    });
    expect(alone.body).toMatchObject({ organisation: null, fromTeamInvite: false });
    expect(app.openApiViolations()).toEqual([]);
  });
});
