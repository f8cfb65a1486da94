import type { PublicQuestion, ResultsResponse, SubmitRequest } from '@msp/shared';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../services-api/src/test/fixtures.js';
import { startSmtpServer, type TestSmtpServer } from '../services-api/src/test/smtp-server.js';
import { questionPosition } from './assessment-steps.js';
import { expectAccessible } from './axe.js';
import { appTakesOver, horizontalOverflow, startE2E, toast, type E2E } from './harness.js';
import { submitAssessment } from './submissions-seed.js';

const DOMAIN = 'acme-msp.example';
const TECH = 'Technical Lead / Engineer';
const colleague = (first: string, last: string, role: string) => ({
  first_name: first,
  last_name: last,
  email_address: `${first.toLowerCase()}@${DOMAIN}`,
  role,
});
const ada = colleague('Ada', 'Admiral', 'Owner / CEO');
const bea = colleague('Bea', 'Berg', TECH);
const cy = colleague('Cy', 'Chen', TECH);
const dagny = colleague('Dagny', 'Dorsey', 'Operations / Service Manager');

/** One decimal, as the team's figures are rounded and the page writes them. */
const oneDecimal = (values: number[]) =>
  (Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10).toFixed(1);

describe('teams: a member invites colleagues by email and sees where the team agrees, in Chromium', () => {
  let e2e: E2E;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    e2e = await startE2E({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await e2e?.close();
    await smtp?.close();
  });

  /** The link in the newest email to `email` whose subject matches. */
  async function linkTo(email: string, subject: RegExp, link: RegExp): Promise<string> {
    const mail = await smtp.waitForMessage(
      (m) => m.envelope.rcptTo.includes(email) && subject.test(m.parsed.subject ?? ''),
      30_000,
    );
    return link.exec(mail.parsed.text!)![0];
  }
  const inviteLinkTo = (email: string) =>
    linkTo(email, /with your team/, /http\S+\/team\/join\?lang=\w+#token=[\w-]+/);

  /** Spends an invite's link and submits as that colleague, through the API in their own browser context. */
  async function acceptAndSubmit(
    request: APIRequestContext,
    link: string,
    who: typeof cy,
    /** Which answer of the i-th of `count` questions, by position: 0 is the least mature. */
    pick: (index: number, count: number) => number,
    shareWithTeam: boolean,
  ): Promise<string> {
    const token = new URL(link).hash.replace('#token=', '');
    const accepted = await request.post('/api/team-invites/accept', { data: { token } });
    expect(accepted.status()).toBe(200);
    const { inviteId, demographics } = (await accepted.json()) as { inviteId: string; demographics: object };
    const questions = (await (await request.get('/api/assessment-questions')).json()) as PublicQuestion[];
    const body: SubmitRequest = {
      demographicData: { ...person, ...demographics, first_name: who.first_name, last_name: who.last_name },
      answers: questions.map((question, index) => {
        const sorted = [...question.answers].sort((a, b) => a.order - b.order);
        return {
          questionId: question.id,
          answerId: sorted[pick(index, questions.length) % sorted.length]!.id,
        };
      }),
      shareWithTeam,
      teamInviteId: inviteId,
    };
    const submitted = await request.post('/api/assessment/submit', { data: body });
    expect(submitted.status()).toBe(201);
    return ((await submitted.json()) as { submissionId: string }).submissionId;
  }

  const resultsOf = async (page: Page, id: string) =>
    (await (await page.request.get(`/api/assessment/results/${id}`)).json()) as ResultsResponse;

  it('invites three colleagues at the domain (not a gmail address), who assess from their links; the team shows their agreement without the name of one who did not share', async () => {
    // Ada assessed earlier; her company answers are what her colleagues' assessments start from.
    const first = await submitAssessment(
      e2e.server,
      { ...ada, company: 'Acme MSP' } as Parameters<typeof submitAssessment>[1],
      'middle',
    );

    // Ada, not yet signed in on her phone, opens her results: nothing asks the server for a team.
    const { context, page } = await e2e.newPage({
      width: 390,
      height: 844,
      theme: 'light',
      colorScheme: 'light',
    });
    const teamReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/visitor/team') teamReads.push(page.url());
    });
    await page.goto(`/results/${first.id}`);
    await page.getByRole('region', { name: 'Come back and see your progress' }).waitFor();
    await appTakesOver(page);
    await page.waitForLoadState('networkidle');
    expect(teamReads).toEqual([]);
    expect(await page.getByRole('link', { name: 'Assess with your team' }).count()).toBe(0);

    // She signs in with an emailed link.
    await page.goto('/my');
    await page.getByLabel('Email address').fill(ada.email_address);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.goto(
      await linkTo(
        ada.email_address,
        /^Your sign-in link for /,
        /http\S+\/my\/sign-in\?lang=\w+#token=[\w-]+/,
      ),
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('link', { name: 'Your team', exact: true }).click();
    await page.getByRole('heading', { name: `Your team at ${DOMAIN}` }).waitFor();
    await page.getByText("1 of 3 colleagues have assessed; the team's figures appear once 3 have.").waitFor();

    // Four addresses, one of them a personal one: refused by name, and nothing is sent.
    await page.getByRole('button', { name: 'Assess with your team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assess with your team' });
    const invitees = [bea, cy, dagny, { email_address: 'sam@gmail.com', role: '' }];
    for (const [index, invitee] of invitees.entries()) {
      if (index > 0) await dialog.getByRole('button', { name: 'Add a colleague' }).click();
      await dialog.getByLabel(`Colleague ${index + 1}: email address`).fill(invitee.email_address);
      if (invitee.role) await dialog.getByLabel(`Colleague ${index + 1}: role`).selectOption(invitee.role);
    }
    await dialog.getByRole('button', { name: 'Send 4 invites' }).click();
    await dialog.getByText(`sam@gmail.com is not an address at ${DOMAIN}`).waitFor();
    expect(await dialog.getByLabel('Colleague 4: email address').getAttribute('aria-invalid')).toBe('true');
    expect(await horizontalOverflow(page)).toBe(0);
    await expectAccessible(page, 'invite dialog, refused address', '.bp6-dialog');
    await dialog.getByRole('button', { name: 'Remove colleague 4' }).click();
    await dialog.getByRole('button', { name: 'Send 3 invites' }).click();
    await toast(page, '3 invites sent.').waitFor();
    await expect.poll(() => dialog.getByText('Pending', { exact: true }).count()).toBe(3);
    expect(smtp.messages.some((m) => m.envelope.rcptTo.includes('sam@gmail.com'))).toBe(false);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Bea opens her link on a desktop, finds her company and role filled in, and shares.
    const bee = await e2e.newPage({ width: 1280, theme: 'dark' });
    const beaLink = await inviteLinkTo(bea.email_address);
    await bee.page.goto(beaLink);
    await bee.page.getByRole('heading', { name: 'Join your team' }).waitFor();
    expect(bee.page.url()).not.toContain('token');
    await bee.page.getByRole('button', { name: 'Continue' }).click();
    await bee.page.waitForURL('**/assessment?lang=en');
    expect(await bee.page.getByLabel('Company Name', { exact: true }).inputValue()).toBe('Acme MSP');
    expect(await bee.page.getByLabel('Email Address', { exact: true }).inputValue()).toBe(bea.email_address);
    expect(await bee.page.getByLabel('Your Role', { exact: true }).inputValue()).toBe(TECH);
    await bee.page.getByLabel('First Name', { exact: true }).fill(bea.first_name);
    await bee.page.getByLabel('Last Name', { exact: true }).fill(bea.last_name);
    await bee.page.getByRole('button', { name: 'Next' }).click();
    const share = bee.page.getByRole('checkbox', {
      name: `Show my name and levels to colleagues at ${DOMAIN}`,
    });
    while (true) {
      const { current, total } = await questionPosition(bee.page);
      await bee.page.getByRole('radio').last().check();
      if (current === total) break;
      await bee.page.getByRole('button', { name: 'Next' }).click();
    }
    expect(await share.isChecked()).toBe(false);
    await bee.page.getByText(`Show my name and levels to colleagues at ${DOMAIN}`).click();
    expect(await share.isChecked()).toBe(true);
    await bee.page.getByRole('button', { name: 'Submit Assessment' }).click();
    await bee.page.waitForURL(/\/results\//);
    const beaId = new URL(bee.page.url()).pathname.split('/').pop()!;
    // Signed in by her link, she can bring in colleagues from her results too.
    await bee.page.getByRole('link', { name: 'Assess with your team' }).waitFor();
    // Her link worked once: opened again, it says so and leads to asking for a sign-in link.
    await bee.page.goto(beaLink);
    await bee.page.getByRole('button', { name: 'Continue' }).click();
    await bee.page
      .getByText('This invite link has expired, was already used or was withdrawn.', { exact: false })
      .waitFor();
    await bee.page.getByRole('link', { name: 'Ask for a sign-in link' }).waitFor();
    await bee.context.close();

    // Cy shares, Dagny does not; each from their own link and browser.
    const ids = [first.id, beaId];
    for (const [who, pick, shares] of [
      // Cy answers the first half (the first pillars) as a beginner, so the team disagrees more on some pillars than on others.
      [cy, (index: number, count: number) => (index < count / 2 ? 0 : 1), true],
      [dagny, () => 1, false],
    ] as const) {
      const other = await e2e.newPage();
      ids.push(
        await acceptAndSubmit(
          other.context.request,
          await inviteLinkTo(who.email_address),
          who,
          pick,
          shares,
        ),
      );
      await other.context.close();
    }

    // Ada's figures, computed here from what each colleague's results say.
    const results = await Promise.all(ids.map((id) => resultsOf(page, id)));
    await page.reload();
    await page.getByRole('heading', { name: 'The team overall' }).waitFor();
    await page
      .getByText(`Mean level ${oneDecimal(results.map((r) => r.overallLevel))} of 3`, { exact: false })
      .waitFor();
    const pillars = results[0]!.pillarScores.map(({ pillarKey, pillarName }) => {
      const levels = results.map((r) => r.pillarScores.find((p) => p.pillarKey === pillarKey)!.score);
      return { pillarName, levels, spread: Math.max(...levels) - Math.min(...levels) };
    });
    const widest = Math.max(...pillars.map((p) => p.spread));
    expect(widest).toBeGreaterThan(0);
    expect(pillars.some(({ spread }) => spread < widest)).toBe(true);
    const ranges = page
      .locator('.team-section')
      .filter({ hasText: 'Where the team agrees' })
      .getByRole('listitem');
    for (const pillar of pillars) {
      const row = ranges.filter({ has: page.getByText(pillar.pillarName, { exact: true }) });
      await row.getByText(`Mean ${oneDecimal(pillar.levels)}`, { exact: true }).waitFor();
      await row
        .getByText(`Lowest ${Math.min(...pillar.levels)}, highest ${Math.max(...pillar.levels)}`, {
          exact: true,
        })
        .waitFor();
      const spread = pillar.spread === 0 ? 'none' : `${pillar.spread} level${pillar.spread === 1 ? '' : 's'}`;
      await row.getByText(`Spread: ${spread}`, { exact: true }).waitFor();
      expect(await row.getByText('Most disagreement').count()).toBe(pillar.spread === widest ? 1 : 0);
    }
    // The widest spread comes first.
    expect(await ranges.first().getByText('Most disagreement').count()).toBe(1);
    // Bea and Cy share a role: the role has figures of its own.
    await page.getByRole('region', { name: TECH }).getByText('2 colleagues', { exact: false }).waitFor();

    const members = page.getByRole('region', { name: 'Colleagues who share their levels' });
    await members.getByRole('rowheader', { name: 'Bea Berg' }).waitFor();
    await members.getByRole('rowheader', { name: 'Cy Chen' }).waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(dagny.first_name);
    expect(text).not.toContain(dagny.last_name);
    // The team report downloads with the member's own session, a PDF (Blueprint's AnchorButton is a button).
    const href = await page.getByRole('button', { name: 'Team report (PDF)' }).getAttribute('href');
    const report = await page.request.get(href!);
    expect([report.status(), report.headers()['content-type']]).toEqual([200, 'application/pdf']);

    // Ada shows her own name, then leaves and comes back.
    await page.getByText('Show my name and levels to colleagues', { exact: true }).click();
    await toast(page, 'Colleagues now see your name and levels.').waitFor();
    await members
      .getByRole('rowheader', { name: /Ada Admiral/ })
      .getByText('you')
      .waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await e2e.screenshot(page, 'team-390-light');
    await expectAccessible(page, 'team page, 390 light');

    await page.getByRole('button', { name: 'Leave team' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave team' }).click();
    await page.getByRole('heading', { name: `You left your team at ${DOMAIN}` }).waitFor();
    await page.getByRole('button', { name: 'Rejoin' }).click();
    await page.getByRole('heading', { name: 'The team overall' }).waitFor();

    // In German the roles read in German, though the answers stored them in English.
    await page.goto('/my/team?lang=de');
    await page.getByRole('region', { name: 'Technische Leitung / Techniker' }).waitFor();
    await page
      .getByRole('row', { name: /Bea Berg/ })
      .getByText('Technische Leitung / Techniker')
      .waitFor();
    expect(await page.locator('main').innerText()).not.toContain(TECH);
    await e2e.screenshot(page, 'team-390-light-de');
    await context.close();
  });
});
