import type { PublicQuestion, V1SubmissionDetail } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, visitorHeaders } from '../../test/auth-helpers.js';
import { readPdf } from '../../test/pdf-text.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { postgresTestDatabase } from '../../test/test-database.js';

let counter = 0;
const freshDomain = () => `report${++counter}-${Date.now()}.example`;
const oneDecimal = (values: number[]) =>
  (Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10).toFixed(1);
const MEMBERS_REPORT = '/api/visitor/team/report.pdf';
const adminReport = (domain: string, query = '') => `/api/admin/organisations/${domain}/report.pdf${query}`;
const v1Report = (domain: string, query = '') => `/api/v1/organisations/${domain}/report.pdf${query}`;

/**
 * Four colleagues whose answers part on six chosen questions (answer positions 0-3, least mature
 * first; every other question all four answer alike, with the second answer). The scores of the
 * seeded answers are 0 and 1 at the ends and rise between, so by construction the five questions
 * the team disagreed on most are the first five, in this order: two camps apart, then one against
 * three (twice, the questionnaire's order breaking the tie), then the narrower spreads; the sixth
 * ties the fifth on spread and deviation and comes after it in the questionnaire.
 */
const PARTINGS = [
  [3, 0, 3, 0],
  [3, 0, 0, 0],
  [3, 3, 3, 0],
  [2, 0, 0, 0],
  [1, 0, 0, 0],
  [1, 1, 1, 0],
];
const PEOPLE = [
  { name: 'Ann', role: 'Owner / CEO', share: true },
  { name: 'Ben', role: 'Technical Lead / Engineer', share: true },
  { name: 'Cat', role: 'Technical Lead / Engineer', share: false },
  { name: 'Dan', role: 'Other', share: false },
];

describe('team report', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  let questions: PublicQuestion[];
  let reader: Record<string, string>;

  /** The six parted questions, in the questionnaire's order. */
  const parted = () => [...questions].sort((a, b) => a.order - b.order).slice(0, PARTINGS.length);
  const answerOf = (question: PublicQuestion, position: number) =>
    [...question.answers].sort((a, b) => a.order - b.order)[position]!.text;

  /** Submits the four colleagues at `domain`, the first `count` of them; returns their ids. */
  async function submitTeam(domain: string, count = PEOPLE.length): Promise<string[]> {
    const plan = new Map(parted().map((q, i) => [q.key, PARTINGS[i]!]));
    const ids: string[] = [];
    for (const [member, p] of PEOPLE.slice(0, count).entries()) {
      ids.push(
        await submitAs(
          app,
          {
            email_address: `${p.name.toLowerCase()}@${domain}`,
            first_name: p.name,
            last_name: 'Doe',
            role: p.role,
          },
          (index) => plan.get(questions[index]!.key)?.[member] ?? 1,
          { shareWithTeam: p.share },
        ),
      );
    }
    return ids;
  }

  const download = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.server.inject({ url, headers });
    return { response, pdf: response.statusCode === 200 ? await readPdf(response.rawPayload) : null };
  };

  /** Each submission's scores as /api/v1 gives them: the numbers the report must agree with. */
  const scoresOf = (ids: string[]) =>
    Promise.all(
      ids.map(
        async (id) =>
          (await app.request<V1SubmissionDetail>({ url: `/api/v1/submissions/${id}`, headers: reader })).body
            .submission.scores,
      ),
    );

  beforeAll(async () => {
    app = await startTestApp(postgresTestDatabase, { jobs: { run: false } });
    admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
    questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
    reader = bearer((await createTestApiKey(app, 'read')).token);
  });
  afterAll(() => app?.close());

  it("gives members the team's levels, each pillar's spread and the questions they disagreed on most, naming only who shares", async () => {
    const domain = freshDomain();
    const ids = await submitTeam(domain);
    const results = await scoresOf(ids);
    // Dan does not share his own name, and still reads the team's report.
    const { response, pdf } = await download(
      `${MEMBERS_REPORT}?lang=en`,
      await visitorHeaders(app.server, `dan@${domain}`),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="msp-automation-team-report-${domain.replace(/\./g, '\\.')}-\\d{4}-\\d\\d-\\d\\d\\.pdf"`,
      ),
    );
    const { text, info } = pdf!;
    expect(info.Title).toBe(`${app.config.productName}: team report for ${domain}`);
    expect(text).toContain('4 members assessed');
    expect(text).toContain(`${oneDecimal(results.map((r) => r.overallLevel))} of 3`);
    for (const pillar of results[0]!.pillarScores) {
      const of = results.map((r) => r.pillarScores.find((p) => p.pillarKey === pillar.pillarKey)!);
      const levels = of.map((p) => p.level);
      // The table row: pillar, members, mean level, lowest–highest, mean score.
      expect(text).toContain(
        `${pillar.pillarName} 4 ${oneDecimal(levels)} ${Math.min(...levels)}–${Math.max(...levels)} ` +
          `${oneDecimal(of.map((p) => p.percentage))}%`,
      );
    }
    expect(text).toContain('Technical Lead / Engineer 2');

    const disagreed = text.slice(
      text.indexOf('The Questions Your Team Disagreed on Most'),
      text.indexOf('Members Who Share Their Results'),
    );
    const [first, second, third, fourth, fifth, sixth] = parted();
    const positions = [first, second, third, fourth, fifth].map((q) => disagreed.indexOf(q!.text));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(disagreed).not.toContain(sixth!.text);
    for (const agreed of questions.filter((q) => !parted().includes(q)).slice(0, 5))
      expect(disagreed).not.toContain(agreed.text);
    expect(disagreed).toContain(`${answerOf(first!, 0)} — 2 members`);
    expect(disagreed).toContain(`${answerOf(first!, 3)} — 2 members`);
    expect(disagreed).toContain(`${answerOf(second!, 0)} — 3 members`);
    expect(disagreed).toContain(`${answerOf(second!, 3)} — 1 member`);
    expect(disagreed).toContain('4 members answered · scores from 0% to 100%');

    expect(text).toContain('Ann Doe');
    expect(text).toContain('Ben Doe');
    expect(text).not.toMatch(/Cat Doe|Dan Doe|@/);
  });

  it("refuses the members' copy under three assessed, and gives the operator's copy of any organisation, naming everyone", async () => {
    const domain = freshDomain();
    await submitTeam(domain, 2);
    const ann = await visitorHeaders(app.server, `ann@${domain}`);
    const early = await app.server.inject({ url: MEMBERS_REPORT, headers: ann });
    expect(early.statusCode).toBe(404);
    expect(JSON.parse(early.payload).message).toBe(
      'The team report appears once 3 members have assessed; 2 so far',
    );
    const { response, pdf } = await download(adminReport(domain), admin);
    expect(response.statusCode).toBe(200);
    expect(pdf!.text).toContain('2 members assessed');
    expect(pdf!.text).toMatch(new RegExp(`Ann Doe ann@${domain}.*Ben Doe ben@${domain}`));
    expect(
      await app.db('audit_events').where({ action: 'organisation.export_report', target_id: domain }),
    ).toHaveLength(1);

    // All four, Ann and Ben a second time: each counts once, by their latest.
    await submitTeam(domain);
    const full = (await download(adminReport(domain), admin)).pdf!.text;
    expect(full).toContain('4 members assessed');
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan'])
      expect(full).toContain(`${name} Doe ${name.toLowerCase()}@${domain}`);
    expect(full).toContain("The provider's copy: it lists every member who assessed.");
    expect(full).not.toContain('Members Who Share Their Results');

    const viaKey = await download(v1Report(domain, '?paper=letter'), reader);
    expect(viaKey.response.statusCode).toBe(200);
    expect(viaKey.pdf!.text).toContain(`Cat Doe cat@${domain}`);
    expect((await app.server.inject({ url: v1Report(domain) })).statusCode).toBe(401);
    expect((await app.server.inject({ url: adminReport(domain) })).statusCode).toBe(401);
    expect(
      (await app.server.inject({ url: adminReport('nobody-here.example'), headers: admin })).statusCode,
    ).toBe(404);
    expect((await app.server.inject({ url: adminReport('gmail.com'), headers: admin })).statusCode).toBe(404);
    const bad = await app.server.inject({ url: adminReport('not-a-domain'), headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.payload).field).toBe('params.domain');
  });

  it("lists 300 members by name on the operator's copy of a larger organisation, and counts the rest", async () => {
    const domain = freshDomain();
    await submitTeam(domain);
    // 316 more, copies of Ann's assessment from addresses of their own.
    await app.db.raw(
      `INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
         employee_count, managed_companies, overall_level, cumulative_average, answers)
       SELECT gen_random_uuid(), s.submitted_at - n * interval '1 minute', s.ip_address, s.demographic_data,
         'copy' || n || '@' || s.email_domain, s.email_domain, s.employee_count, s.managed_companies,
         s.overall_level, s.cumulative_average, s.answers
       FROM submissions s, generate_series(1, 316) n
       WHERE s.email = ?`,
      [`ann@${domain}`],
    );
    const { text } = (await download(adminReport(domain), admin)).pdf!;
    expect(text).toContain('320 members assessed');
    expect(text).toContain('20 more members count in the figures and are not listed here.');
    // By name, then address: Ann and 299 of her copies fill the list; Ben, Cat and Dan come after.
    expect(text.match(/Ann Doe copy\d+@/g)).toHaveLength(299);
    expect(text).toContain(`Ann Doe ann@${domain}`);
    expect(text).not.toContain('Ben Doe');
  });

  it("keeps a member's session to its own organisation", async () => {
    const domain = freshDomain();
    await submitTeam(domain);
    const other = freshDomain();
    await submitAs(app, { email_address: `eve@${other}`, first_name: 'Eve' }, 2);
    const eve = await visitorHeaders(app.server, `eve@${other}`);
    // Eve's own team has one member: no report, and nothing of the other organisation's.
    expect((await app.server.inject({ url: MEMBERS_REPORT, headers: eve })).statusCode).toBe(404);
    expect((await app.server.inject({ url: adminReport(domain), headers: eve })).statusCode).toBe(401);
    expect((await app.server.inject({ url: v1Report(domain), headers: eve })).statusCode).toBe(401);
    const gmail = await visitorHeaders(app.server, 'someone@gmail.com');
    expect((await app.server.inject({ url: MEMBERS_REPORT, headers: gmail })).statusCode).toBe(404);
    // A member who left the team has no report of it.
    const ann = await visitorHeaders(app.server, `ann@${domain}`);
    await app.request({
      method: 'PUT',
      url: '/api/visitor/team/membership',
      headers: ann,
      payload: { member: false },
    });
    const left = await app.server.inject({ url: MEMBERS_REPORT, headers: ann });
    expect(left.statusCode).toBe(404);
    expect(JSON.parse(left.payload).message).toContain('You left your team');
  });

  it('is written in German with lang=de', async () => {
    const domain = freshDomain();
    const ids = await submitTeam(domain);
    const levels = (await scoresOf(ids)).map((s) => s.overallLevel);
    const { response, pdf } = await download(
      `${MEMBERS_REPORT}?lang=de`,
      await visitorHeaders(app.server, `ben@${domain}`),
    );
    expect(response.statusCode).toBe(200);
    expect(pdf!.info.Language).toBe('de');
    for (const heading of [
      'Teambericht',
      'Das Team Säule für Säule',
      'Wo Ihr Team auseinanderliegt',
      'Die Fragen, bei denen Ihr Team am meisten uneins war',
      'Mitglieder, die ihre Ergebnisse teilen',
      '4 Mitglieder haben teilgenommen',
    ])
      expect(pdf!.text).toContain(heading);
    expect(pdf!.text).toContain(`${oneDecimal(levels).replace('.', ',')} von 3`);
    expect(pdf!.text).not.toContain('The Team by Pillar');
  });

  it('is drawn right to left in Arabic, its Arabic text extractable', async () => {
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      app.server.inject({ method, url, payload, headers: admin });
    expect((await call('POST', '/api/admin/languages', { tag: 'ar' })).statusCode).toBeLessThan(300);
    const translations = {
      'ui.report.team.title': 'تقرير الفريق',
      'ui.report.team.spread.heading': 'أين يختلف فريقك',
      'pillar.processes.name': 'العمليات',
    };
    for (const [unit, text] of Object.entries(translations))
      expect((await call('PUT', `/api/admin/translations/ar/${unit}`, { text })).statusCode).toBe(200);
    const domain = freshDomain();
    await submitTeam(domain);
    const { response, pdf } = await download(
      `${MEMBERS_REPORT}?lang=ar`,
      await visitorHeaders(app.server, `ann@${domain}`),
    );
    expect(response.statusCode).toBe(200);
    expect(pdf!.info.Language).toBe('ar');
    for (const word of ['تقرير', 'الفريق', 'يختلف', 'العمليات']) expect(pdf!.text).toContain(word);
  });
});
