import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../services-api/src/test/smtp-server.js';
import { fillDemographics, questionPosition, type Visitor } from './assessment-steps.js';
import { expectAccessible } from './axe.js';
import { VIEWS, horizontalOverflow, startE2E, type E2E } from './harness.js';

const SUBJECT = /^Continue your assessment on /;

const visitorOf = (email: string) =>
  ({
    text: {
      'First Name': 'Lena',
      'Last Name': 'Later',
      'Email Address': email,
      'Company Name': 'Northwind IT',
    },
    employees: '11-25',
    companies: '26-50',
  }) satisfies Visitor;

describe('"Continue later": an assessment saved in one browser resumes in another, in Chromium', () => {
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

  /** The link of the newest "Continue later" email to `email`. */
  async function draftLinkTo(email: string, after: number): Promise<string> {
    const mail = await smtp.waitForMessage(
      (m) =>
        m.envelope.rcptTo.includes(email) &&
        SUBJECT.test(m.parsed.subject ?? '') &&
        smtp.messages.indexOf(m) >= after,
      30_000,
    );
    return /http\S+\/assessment\?lang=\w+#draft=[\w-]+/.exec(mail.parsed.text!)![0];
  }

  /** From the first step to the questions, answering `count` of them. */
  async function startAndAnswer(page: Page, email: string, count: number) {
    await page.goto('/assessment');
    // The first step offers it once there is an address to send the link to.
    expect(await page.getByRole('button', { name: 'Continue later' }).count()).toBe(0);
    await fillDemographics(page, visitorOf(email));
    await page.getByRole('button', { name: 'Continue later' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    for (let answered = 0; answered < count; answered++) {
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByText(`Question ${count + 1} of`).waitFor();
  }

  it('saves on one browser, resumes with the answers on another, submits, and the link is then dead', async () => {
    const email = 'lena.later@northwind-it.example';
    const first = await e2e.newPage({ width: 1280, theme: 'light', colorScheme: 'light' });
    await startAndAnswer(first.page, email, 3);
    const sentBefore = smtp.messages.length;
    await first.page.getByRole('button', { name: 'Continue later' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Continue later' });
    // The address of the first step is there already.
    expect(await dialog.getByLabel('Email address').inputValue()).toBe(email);
    await dialog.getByRole('button', { name: 'Email me the link' }).click();
    await dialog.getByText(`We've emailed you a link to continue. It went to ${email}`).waitFor();
    const link = await draftLinkTo(email, sentBefore);
    await first.context.close();

    // Another device: a fresh context, with nothing stored.
    const second = await e2e.newPage({ width: 390, theme: 'dark', colorScheme: 'dark' });
    const { page } = second;
    await page.goto(link);
    const questions = await e2e.database.db('questions').where({ is_active: true });
    await page
      .getByText(`We restored the assessment you saved, with 3 of ${questions.length} questions answered.`)
      .waitFor();
    // The token leaves the address bar, so it is not kept in the history.
    expect(page.url()).not.toContain('draft=');
    expect((await questionPosition(page)).total).toBe(questions.length);
    expect(await horizontalOverflow(page)).toBe(0);
    await e2e.screenshot(page, 'assessment-resumed-390-dark');
    await expectAccessible(page, 'assessment resumed from a link, 390 dark');

    // The answers are there: only the open questions need one, and it submits.
    const next = page.getByRole('button', { name: /^(Next|Submit Assessment)$/ });
    let checkedAlready = 0;
    for (;;) {
      const position = await questionPosition(page);
      if ((await page.locator('input[type=radio]:checked').count()) === 1) checkedAlready += 1;
      else await page.getByRole('radio').first().check();
      if (position.current === position.total) break;
      await next.click();
      await page.getByText(`Question ${position.current + 1} of`).waitFor();
    }
    // The three saved answers, wherever this visit's order put them (the first open question is
    // where it resumed, so any answered before it were not walked through).
    const { current } = await questionPosition(page);
    expect(checkedAlready).toBeLessThanOrEqual(3);
    expect(current).toBe(questions.length);
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
    const stored = await e2e.database.db('submissions').where({ email }).first();
    expect(stored.demographic_data).toMatchObject({ first_name: 'Lena', company: 'Northwind IT' });
    expect(stored.answers).toHaveLength(questions.length);
    expect(await e2e.database.db('assessment_drafts').where({ email })).toEqual([]);
    await second.context.close();

    // Submitted: the same link now says so, and the assessment starts as usual.
    const third = await e2e.newPage({ width: 1280, theme: 'dark', colorScheme: 'dark' });
    await third.page.goto(link);
    await third.page
      .getByText('This link to a saved assessment has expired or was replaced by a newer one.')
      .waitFor();
    await third.page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    await e2e.screenshot(third.page, 'assessment-draft-link-dead-1280-dark');
    await expectAccessible(third.page, 'a dead draft link, 1280 dark');
    await third.context.close();
  });

  for (const [width, theme] of VIEWS) {
    it(`asks for the address and says the link is on its way (${width} ${theme})`, async () => {
      const email = `view.${width}.${theme}@northwind-it.example`;
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
      await startAndAnswer(page, email, 1);
      const open = page.getByRole('button', { name: 'Continue later' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Continue later' });
      const address = dialog.getByLabel('Email address');
      await address.waitFor();
      // Focus starts in the address, and a bad one is refused before anything is sent.
      await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'email');
      await address.fill('lena-at-northwind');
      await page.keyboard.press('Enter');
      await dialog.getByText('Enter a valid email address.').waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await e2e.screenshot(page, `assessment-continue-later-error-${width}-${theme}`);
      await expectAccessible(page, `continue later, a bad address, ${width} ${theme}`);

      await address.fill(email);
      await page.keyboard.press('Enter');
      await dialog.getByText('Link sent').waitFor();
      await e2e.screenshot(page, `assessment-continue-later-sent-${width}-${theme}`);
      await expectAccessible(page, `continue later, sent, ${width} ${theme}`);
      // Keep going: the dialog closes and focus is back on the button that opened it.
      await dialog.getByRole('button', { name: 'Keep going' }).press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
      await context.close();
    });
  }
});
