import type {
  PersonalDataExport,
  ResultsResponse,
  TeamInvite,
  TeamInviteAccepted,
  TeamView,
} from '@msp/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookiesOf, createTestUser, signedInAs, visitorHeaders } from '../../test/auth-helpers.js';
import { nextAddress } from '../../test/invite-helpers.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { postgresTestDatabase } from '../../test/test-database.js';

let counter = 0;
/** A fresh company domain per test, so no test sees another's team. */
const freshDomain = () => `team${++counter}-${Date.now()}.example`;
const tokenIn = (mail: ReceivedMail) => /\/team\/join\?lang=\w+#token=([\w-]+)/.exec(mail.parsed.text!)![1]!;
const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

describe('teams', () => {
  let app: TestApp;
  let smtp: TestSmtpServer;

  const inviteMailTo = (email: string) =>
    smtp.waitForMessage(
      (mail) => mail.envelope.rcptTo.includes(email) && /with your team/.test(mail.parsed.subject ?? ''),
    );
  const invite = (headers: Record<string, string>, invites: { email: string; role?: string }[]) =>
    app.request<{ invites: TeamInvite[]; message?: string; field?: string }>({
      method: 'POST',
      url: '/api/visitor/team/invites',
      headers,
      payload: { invites, lang: 'en' },
    });
  const accept = (token: string) =>
    app.server.inject({
      method: 'POST',
      url: '/api/team-invites/accept',
      payload: { token },
      remoteAddress: nextAddress(),
    });
  const team = (headers: Record<string, string>, lang = 'en') =>
    app.request<TeamView>({ url: `/api/visitor/team?lang=${lang}`, headers });
  const membership = (headers: Record<string, string>, payload: object) =>
    app.request<{ shares: boolean; left: boolean }>({
      method: 'PUT',
      url: '/api/visitor/team/membership',
      headers,
      payload,
    });
  const results = async (id: string) =>
    (await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` })).body;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(postgresTestDatabase, {
      env: { SMTP_URL: smtp.url, PRODUCT_NAME: 'Maturity Check' },
      jobs: { pollIntervalMs: 50, retryDelaysMs: [0] },
    });
  });
  beforeEach(() => smtp.reset());
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('invites colleagues at the domain only, by links that verify them once and prefill the company', async () => {
    const domain = freshDomain();
    const owner = `owner@${domain}`;
    await submitAs(
      app,
      { email_address: owner, company: 'Acme IT', employee_count: '26-50', role: 'Owner / CEO' },
      2,
    );
    const headers = await visitorHeaders(app.server, owner);
    const before = await app.db('team_invites').count({ n: '*' });

    const refused = await invite(headers, [{ email: `tech@${domain}` }, { email: 'someone@gmail.com' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('someone@gmail.com is not an address at ' + domain);
    expect(await app.db('team_invites').count({ n: '*' })).toEqual(before);
    expect((await invite(headers, [{ email: `tech@${domain}`, role: 'Astronaut' }])).body.message).toContain(
      'Astronaut is not one of the roles',
    );

    const sent = await invite(headers, [{ email: `Tech@${domain}`, role: 'Technical Lead / Engineer' }]);
    expect(sent.status).toBe(201);
    expect(sent.body.invites).toMatchObject([{ email: `tech@${domain}`, status: 'pending' }]);
    const mail = await inviteMailTo(`tech@${domain}`);
    expect(mail.parsed.text).toContain(`${owner} asked you to take the Maturity Check for ${domain}`);

    const accepted = await accept(tokenIn(mail));
    expect(accepted.statusCode).toBe(200);
    const body = accepted.result as TeamInviteAccepted;
    expect(body.demographics).toEqual({
      company: 'Acme IT',
      employee_count: '26-50',
      managed_companies: '26-50',
      email_address: `tech@${domain}`,
      role: 'Technical Lead / Engineer',
    });
    // The link started the colleague's own session: verified, they see their (empty) team.
    const cookie = `msp_visitor=${cookiesOf(accepted.headers).msp_visitor}`;
    expect((await team({ cookie })).body).toMatchObject({ email: `tech@${domain}`, domain, assessed: 1 });
    expect(
      await app
        .db('verified_visitors')
        .where({ email: `tech@${domain}` })
        .first(),
    ).toBeTruthy();
    expect((await accept(tokenIn(mail))).statusCode).toBe(400);

    // A submission names the invite only when it was the address's own.
    const fromInvite = await submitAs(app, { email_address: `tech@${domain}` }, 1, {
      teamInviteId: body.inviteId,
    });
    const notOwn = await submitAs(app, { email_address: `sales@${domain}` }, 1, {
      teamInviteId: body.inviteId,
    });
    const ids = await app
      .db('submissions')
      .whereIn('id', [fromInvite, notOwn])
      .select('id', 'team_invite_id');
    expect(Object.fromEntries(ids.map((r) => [r.id, r.team_invite_id]))).toEqual({
      [fromInvite]: body.inviteId,
      [notOwn]: null,
    });
  });

  it('resends with a new link, revokes, and keeps every invite to its own member', async () => {
    const domain = freshDomain();
    await submitAs(app, { email_address: `a@${domain}` }, 2);
    const a = await visitorHeaders(app.server, `a@${domain}`);
    const b = await visitorHeaders(app.server, `b@${domain}`);
    const [sent] = (await invite(a, [{ email: `c@${domain}` }])).body.invites;
    const first = tokenIn(await inviteMailTo(`c@${domain}`));
    smtp.reset();
    const resent = await app.request<TeamInvite>({
      method: 'POST',
      url: `/api/visitor/team/invites/${sent!.inviteId}/resend`,
      headers: a,
    });
    expect(resent.status).toBe(200);
    const second = tokenIn(await inviteMailTo(`c@${domain}`));
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(400);

    const path = `/api/visitor/team/invites/${sent!.inviteId}`;
    expect((await app.request({ method: 'DELETE', url: path, headers: b })).status).toBe(404);
    expect((await app.request({ method: 'POST', url: `${path}/resend`, headers: b })).status).toBe(404);
    const revoked = await app.request<TeamInvite>({ method: 'DELETE', url: path, headers: a });
    expect(revoked.body.status).toBe('revoked');
    expect((await accept(second)).statusCode).toBe(400);
    expect(
      (await app.request<{ invites: TeamInvite[] }>({ url: '/api/visitor/team/invites', headers: b })).body
        .invites,
    ).toEqual([]);
  });

  it('shows the team its figures once three have assessed, names only who shares, and drops who left', async () => {
    const domain = freshDomain();
    const people = [
      { email: `ann@${domain}`, first_name: 'Ann', role: 'Owner / CEO', maturity: 3, share: true },
      {
        email: `ben@${domain}`,
        first_name: 'Ben',
        role: 'Technical Lead / Engineer',
        maturity: 0,
        share: true,
      },
      {
        email: `cat@${domain}`,
        first_name: 'Cat',
        role: 'Technical Lead / Engineer',
        maturity: 1,
        share: false,
      },
      { email: `dan@${domain}`, first_name: 'Dan', role: 'Other', maturity: 2, share: false },
    ];
    const ids: string[] = [];
    for (const [index, p] of people.entries()) {
      if (index === 2) {
        const early = await team(await visitorHeaders(app.server, people[0]!.email));
        expect(early.body).toMatchObject({
          assessed: 2,
          threshold: 3,
          figures: null,
          byRole: [],
          history: [],
        });
        // Who chose to share is shown at once; the figures wait for the third.
        expect(early.body.sharedMembers.map((m) => m.name)).toEqual(['Ann Doe', 'Ben Doe']);
      }
      ids.push(
        await submitAs(
          app,
          { email_address: p.email, first_name: p.first_name, last_name: 'Doe', role: p.role },
          p.maturity,
          {
            shareWithTeam: p.share,
          },
        ),
      );
    }
    const shown = (await team(await visitorHeaders(app.server, people[3]!.email))).body;
    const scored = await Promise.all(ids.map(results));
    expect(shown.assessed).toBe(4);
    expect(shown.figures!.meanLevel).toBe(mean(scored.map((r) => r.overallLevel)));
    for (const pillar of shown.figures!.pillars) {
      const levels = scored.map((r) => r.pillarScores.find((p) => p.pillarKey === pillar.pillarKey)!.score);
      expect(pillar).toMatchObject({
        members: 4,
        meanLevel: mean(levels),
        lowestLevel: Math.min(...levels),
        highestLevel: Math.max(...levels),
        spread: Math.max(...levels) - Math.min(...levels),
      });
    }
    expect(shown.byRole.map((r) => [r.role, r.figures.members])).toEqual([['Technical Lead / Engineer', 2]]);
    // Roles are stored in the default language and named in the member's: German's seeded text.
    const inGerman = (await team(await visitorHeaders(app.server, people[3]!.email), 'de')).body;
    expect(inGerman.roles).toContainEqual({
      value: 'Technical Lead / Engineer',
      label: 'Technische Leitung / Techniker',
    });
    expect(shown.roles).toContainEqual({ value: 'Owner / CEO', label: 'Owner / CEO' });
    expect(shown.sharedMembers.map((m) => m.name).sort()).toEqual(['Ann Doe', 'Ben Doe']);
    expect(JSON.stringify(shown)).not.toMatch(/Cat|Dan Doe|cat@/);

    // Ben withdraws sharing, Ann leaves: the figures count three, Ben's name goes.
    const ben = await visitorHeaders(app.server, people[1]!.email);
    expect((await membership(ben, { shares: false })).body).toEqual({ shares: false, left: false });
    const ann = await visitorHeaders(app.server, people[0]!.email);
    expect((await membership(ann, { member: false })).body).toEqual({ shares: true, left: true });
    const after = (await team(ben)).body;
    expect(after.assessed).toBe(3);
    expect(after.sharedMembers).toEqual([]);
    expect(after.figures!.meanLevel).toBe(mean(scored.slice(1).map((r) => r.overallLevel)));
    expect((await team(ann)).body).toMatchObject({ membership: { left: true }, figures: null });
    expect((await membership(ann, {})).status).toBe(400);
  });

  it('gives a personal address no team and no invites', async () => {
    const gmail = await visitorHeaders(app.server, 'someone@gmail.com');
    expect((await team(gmail)).body).toMatchObject({ domain: null, figures: null });
    expect((await invite(gmail, [{ email: 'friend@gmail.com' }])).status).toBe(404);
    expect(await app.db('organisations').where({ domain: 'gmail.com' }).first()).toBeUndefined();
  });

  it("covers invites and choices in a person's data export and erasure", async () => {
    const domain = freshDomain();
    const [a, b, c] = [`a@${domain}`, `b@${domain}`, `c@${domain}`];
    await submitAs(app, { email_address: a }, 2, { shareWithTeam: true });
    const aHeaders = await visitorHeaders(app.server, a);
    await invite(aHeaders, [{ email: b }, { email: c }]);
    const accepted = (await accept(tokenIn(await inviteMailTo(b)))).result as TeamInviteAccepted;
    const fromInvite = await submitAs(app, { email_address: b }, 1, { teamInviteId: accepted.inviteId });
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const exported = async (email: string) =>
      (
        await app.request<PersonalDataExport>({
          url: `/api/admin/personal-data/export?email=${encodeURIComponent(email)}`,
          headers: admin.headers,
        })
      ).body;

    const ofA = await exported(a);
    expect(ofA.team).toMatchObject({ domain, shares: true, leftAt: null });
    expect(ofA.teamInvitesSent.map((i) => [i.email, i.acceptedAt !== null])).toEqual([
      [b, true],
      [c, false],
    ]);
    const ofB = await exported(b);
    expect(ofB.verifiedAt).not.toBeNull();
    expect(ofB.teamInvitesReceived).toMatchObject([{ email: b, invitedBy: a, domain }]);

    const erased = await app.request({
      method: 'POST',
      url: '/api/admin/personal-data/delete',
      headers: admin.headers,
      payload: { email: a },
    });
    expect(erased.status).toBe(200);
    const afterA = await exported(a);
    expect([afterA.team, afterA.verifiedAt, afterA.teamInvitesSent]).toEqual([null, null, []]);
    // B's submission still came from an invite; the invite no longer names who sent it.
    expect(await app.db('team_invites').where({ domain }).select('email', 'invited_by')).toEqual([
      { email: b, invited_by: '(erased)' },
    ]);
    expect((await app.db('submissions').where({ id: fromInvite }).first()).team_invite_id).toBe(
      accepted.inviteId,
    );
  });
});
