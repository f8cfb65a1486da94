import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../services-api/src/test/smtp-server.js';
import { fillDemographics, questionPosition, type Visitor } from './assessment-steps.js';
import { expectAccessible } from './axe.js';
import { VIEWS, horizontalOverflow, startE2E, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

const visitor = {
  text: {
    'First Name': 'Remy',
    'Last Name': 'Minder',
    'Email Address': 'remy@northwind-it.example',
    'Company Name': 'Northwind IT',
  },
  employees: '11-25',
  companies: '26-50',
} satisfies Visitor;

describe('reminders to reassess, in Chromium', () => {
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

  const remindersOf = (email: string) =>
    e2e.database
      .db('jobs as j')
      .join('submissions as s', 's.id', 'j.submission_id')
      .where({ 'j.kind': 'reassess_reminder', 's.email': email })
      .orderBy('j.id')
      .select<{ id: number; run_at: Date; submission_id: string }[]>('j.id', 'j.run_at', 'j.submission_id');

  it('asks at the last question, emails the reminder when due, and its link stops and restarts reminders', async () => {
    const email = visitor.text['Email Address'];
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'dark' });
    await page.goto('/assessment');
    await fillDemographics(page, visitor);
    await page.getByRole('button', { name: 'Next' }).click();
    const box = page.getByRole('checkbox', { name: 'Remind me to take it again in 90 days' });
    while (true) {
      const { current, total } = await questionPosition(page);
      // Only the last question asks.
      expect(await box.count()).toBe(current === total ? 1 : 0);
      await page.getByRole('radio').nth(1).check();
      if (current === total) break;
      await page.getByRole('button', { name: 'Next' }).click();
    }
    expect(await box.isChecked()).toBe(false);
    // As a person does: a click on its words.
    await page.getByText('Remind me to take it again in 90 days').click();
    expect(await box.isChecked()).toBe(true);
    await e2e.screenshot(page, 'reminder-opt-in-1280-dark');
    await expectAccessible(page, 'reminder-opt-in-1280-dark');
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page.waitForURL(/\/results\//);
    const submissionId = new URL(page.url()).pathname.split('/').pop()!;
    await context.close();

    // One reminder, 90 days on; a second assessment later asks again, so one stays to come.
    const [reminder] = await remindersOf(email);
    expect(reminder!.submission_id).toBe(submissionId);
    const days = (new Date(reminder!.run_at).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    await e2e.database.db('jobs').where({ id: reminder!.id }).update({ run_at: new Date() });
    const mail = await smtp.waitForMessage(
      (m) => m.envelope.rcptTo.includes(email) && (m.parsed.messageId ?? '').startsWith('<reminder-'),
      30_000,
    );
    expect(mail.parsed.subject).toMatch(/^Time to take the .+ again$/);
    const preferencesLink = /http\S+\/my\/reminders\?lang=en#token=[\w.-]+/.exec(mail.parsed.text!)![0];

    for (const [width, theme] of VIEWS) {
      const view = `${width}-${theme}`;
      const { context: other, page: prefs } = await e2e.newPage({ width, theme });
      await prefs.goto(preferencesLink);
      await prefs.getByRole('heading', { name: 'Reminder preferences' }).waitFor();
      await prefs.getByText(`Reminders to take the assessment again, sent to ${email}.`).waitFor();
      const subscribed = prefs.getByRole('button', { name: 'Unsubscribe from reminders' });
      if (await subscribed.isVisible()) {
        await prefs.getByText('You are subscribed, but no reminder is waiting.').waitFor();
        await subscribed.click();
        await prefs.getByText('Your preferences are saved.').waitFor();
      }
      await prefs.getByText('You are unsubscribed: no reminder will be sent to this address.').waitFor();
      expect(await horizontalOverflow(prefs)).toBe(0);
      await e2e.screenshot(prefs, `reminder-preferences-${view}`);
      await expectAccessible(prefs, `reminder-preferences-${view}`);
      await other.close();
    }

    // Restarted from the page, the address is reminded again.
    const { context: last, page: prefs } = await e2e.newPage({ width: 390, theme: 'light' });
    await prefs.goto(preferencesLink);
    await prefs.getByRole('button', { name: 'Remind me again' }).click();
    await prefs.getByText('You are subscribed, but no reminder is waiting.').waitFor();
    // A forged link, opened afresh, says it no longer works.
    await prefs.goto('about:blank');
    await prefs.goto(preferencesLink.replace(/token=([\w-]+)\.[\w-]+/, `token=$1.${'A'.repeat(32)}`));
    await prefs.getByText('This link no longer works.', { exact: false }).waitFor();
    await last.close();
  });

  it('lets the admin set the days and see who is waiting', async () => {
    const admin = await createAdmin(e2e.database.db, 'reminders.admin@msp.example');
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light' });
    await signIn(page, admin.email, '/admin/settings');
    const days = page.getByLabel('Reminder after (days)');
    await days.fill('20');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('must be a whole number of days from 30 to 365').first().waitFor();
    await days.fill('120');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully').waitFor();
    const config = (await (await page.request.get('/api/config')).json()) as { reminderDays: number };
    expect(config.reminderDays).toBe(120);
    await page
      .getByRole('status')
      .filter({ hasText: /waiting for a reminder|asked to be reminded/ })
      .waitFor();
    await context.close();
  });
});
