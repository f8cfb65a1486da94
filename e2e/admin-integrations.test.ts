import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { EMAIL_RETRY_DELAYS_MS } from '../services-api/src/jobs/retry-schedules.js';
import { startSmtpServer, type TestSmtpServer } from '../services-api/src/test/smtp-server.js';
import {
  eventually,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../services-api/src/test/webhook-receiver.js';
import { expectAccessible } from './axe.js';
import { startE2E, toast, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment, type SeededSubmission } from './submissions-seed.js';

type Theme = 'light' | 'dark';

/** Each flow at a desktop and a phone width; the theme alternates so both are looked at. */
const VIEWS: readonly { width: number; theme: Theme }[] = [
  { width: 1280, theme: 'light' },
  { width: 390, theme: 'dark' },
];

const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

async function openAs(
  e2e: E2E,
  admin: UserRow,
  path: string,
  { width, theme }: { width: number; theme: Theme },
) {
  const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
  await signIn(page, admin.email, path);
  return { context, page };
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('admin on a server with no webhook target and no active template', () => {
  let e2e: E2E;
  let admin: UserRow;
  let lee: SeededSubmission;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db, 'solo@msp.example');
    lee = await submitAssessment(e2e.server, {
      first_name: 'Lee',
      last_name: 'Park',
      email_address: 'lee@fabrikam.example',
      company: 'Fabrikam',
    });
    await e2e.database.db('email_templates').update({ is_active: false });
  });
  afterAll(() => e2e?.close());

  it.each(VIEWS)('offers only what can work, and says why, at $width px', async (view) => {
    const { context, page } = await openAs(e2e, admin, `/admin/submissions?id=${lee.id}`, view);
    const panel = page.getByRole('region', { name: 'Submission detail' });
    await panel.getByRole('heading', { name: 'Lee Park', level: 2 }).waitFor();
    const resend = panel.getByRole('button', { name: 'Re-send webhook' });
    await expect.poll(() => resend.isDisabled()).toBe(true);
    await panel
      .getByText(
        'Re-send webhook is off. No webhook target is configured: set WEBHOOK_URL and WEBHOOK_SECRET on the server.',
      )
      .waitFor();

    await panel.getByRole('button', { name: 'Preview email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email preview' });
    await dialog.getByText('No email template is active').waitFor();
    await dialog.getByText(/Visitors get no results email until a template is active/).waitFor();
    expect(await dialog.locator('iframe').count()).toBe(0);
    await e2e.screenshot(page, `admin-email-preview-none-${view.width}-${view.theme}`);
    await expectAccessible(page, `email preview without template ${view.width}`);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await page.goto('/admin/integrations');
    const webhooks = page.getByRole('region', { name: 'Webhooks', exact: true });
    await webhooks.getByText('Off').waitFor();
    expect(await webhooks.getByRole('button', { name: 'Send test webhook' }).isDisabled()).toBe(true);
    await webhooks
      .getByText('No webhook target: set WEBHOOK_URL and WEBHOOK_SECRET on the server.')
      .waitFor();
    const email = page.getByRole('region', { name: 'Email', exact: true });
    await email.getByText('Outbox only').waitFor();
    // Without SMTP the admin is told so, and how a locked-out administrator still gets in.
    await email.getByText('Email is not configured').waitFor();
    await email.getByText(/with npm run admin:create\.$/).waitFor();
    await page.getByText('No failed deliveries: every email, webhook and analysis went through.').waitFor();
    // No site may frame the embed: the snippet is still shown, with how to allow one.
    const embed = page.getByRole('region', { name: 'Embed on other sites' });
    await embed.getByText('No site allowed').waitFor();
    await embed
      .getByText(
        /None: every site is refused, so the snippet shows only a link that opens the assessment\. Set EMBED_ALLOWED_ORIGINS/,
      )
      .waitFor();
    // This server runs without a PUBLIC_URL: the address in the snippet is its default one.
    await embed
      .getByText(
        /^<div data-msp-assessment data-theme="auto"><\/div><script src="http:\/\/[^"]+\/embed\.js" async><\/script>$/,
      )
      .waitFor();
    await e2e.screenshot(page, `admin-integrations-none-${view.width}-${view.theme}`);
    await expectAccessible(page, `integrations with nothing configured ${view.width}`);
    await context.close();
  });
});

describe('admin integrations in Chromium: what the server does, and only what can work', () => {
  let e2e: E2E;
  let smtp: TestSmtpServer;
  let receiver: WebhookReceiver;
  let admin: UserRow;
  let dana: SeededSubmission;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    e2e = await startE2E({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Assessments <hello@assess.example.com>',
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET,
        TRUSTED_PROXIES: '10.0.0.0/8',
      },
    });
    admin = await createAdmin(e2e.database.db, 'ops@northwind-it.example');
    // The results email of this one is refused for good: a failure for the screen to list.
    smtp.rejectNext(1, { code: 554, message: 'Refused for the test' });
    dana = await submitAssessment(e2e.server, {
      first_name: 'Dana',
      last_name: 'Reyes',
      email_address: 'dana@contoso.example',
      company: 'Contoso MSP',
    });
    await eventually(
      async () => (await e2e.database.db('jobs').where({ kind: 'email', status: 'failed' })).length === 1,
      { what: 'the refused results email to be given up' },
    );
  });
  afterAll(async () => {
    await e2e?.close();
    await smtp?.close();
    await receiver?.close();
  });

  it.each(VIEWS)('shows the configuration and sends a test email and webhook at $width px', async (view) => {
    const { context, page } = await openAs(e2e, admin, '/admin', view);
    // Reached from the navigation like every other section, and marked as the current one.
    const tab = page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Integrations' });
    await tab.click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    expect(await tab.getAttribute('aria-current')).toBe('page');

    const card = (name: string) => page.getByRole('region', { name, exact: true });
    await card('Email').getByText(new URL(smtp.url).host).waitFor();
    await card('Email').getByText('SMTP', { exact: true }).waitFor();
    expect(await card('Email').getByText('Email is not configured').count()).toBe(0);
    await card('Webhooks').getByText(new URL(receiver.url).host).waitFor();
    await card('Webhooks').getByText('Set', { exact: true }).waitFor();
    await card('AI analysis').getByText('Built-in analyst', { exact: true }).waitFor();
    await card('Single sign-on').getByText('Off').waitFor();
    await card('Trusted proxies').getByText('10.0.0.0/8').waitFor();
    // No secret reaches the page.
    expect(await page.content()).not.toContain(WEBHOOK_SECRET.slice(6));

    // The refused results email is listed with its kind, time, error and attempts.
    const failures = page.getByRole('list', { name: 'Failed deliveries' });
    const failure = failures.getByRole('listitem').filter({ hasText: 'Results email' });
    await failure.getByText('Gave up').waitFor();
    await failure.getByText(/554/).waitFor();
    await failure.getByText(`1 of ${EMAIL_RETRY_DELAYS_MS.length + 1} attempts`).waitFor();

    smtp.reset();
    await card('Email').getByRole('button', { name: 'Send test email' }).click();
    await card('Email').getByRole('status').getByText('Sent to ops@northwind-it.example.').waitFor();
    await toast(page, 'Test email sent').waitFor();
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.envelope.rcptTo).toEqual(['ops@northwind-it.example']);

    const before = receiver.received.length;
    await card('Webhooks').getByRole('button', { name: 'Send test webhook' }).click();
    await card('Webhooks')
      .getByRole('status')
      .getByText(/^Delivered: .* answered 204/)
      .waitFor();
    expect(receiver.received.length).toBe(before + 1);
    expect(JSON.parse(receiver.received[before]!.body).type).toBe('integration.test');

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, `admin-integrations-${view.width}-${view.theme}`);
    await expectAccessible(page, `admin integrations ${view.width}`);
    // The other theme at this width, to look at.
    await page.evaluate(
      (theme) => localStorage.setItem('msp-ui-theme', JSON.stringify(theme)),
      view.theme === 'light' ? 'dark' : 'light',
    );
    await page.reload();
    await card('Email').waitFor();
    await e2e.screenshot(
      page,
      `admin-integrations-${view.width}-${view.theme === 'light' ? 'dark' : 'light'}`,
    );
    await context.close();
  });

  it.each(VIEWS)(
    'shows the analysis and its author, and regenerates it after asking, at $width px',
    async (view) => {
      const results = await e2e.server.inject({ method: 'GET', url: `/api/assessment/results/${dana.id}` });
      expect(results.statusCode).toBe(200);
      const stored = async () =>
        (await e2e.database.db('submissions').where({ id: dana.id }).first()).ai_analysis;
      const first = await stored();

      const { context, page } = await openAs(e2e, admin, `/admin/submissions?id=${dana.id}`, view);
      const panel = page.getByRole('region', { name: 'Submission detail' });
      await panel.getByRole('heading', { name: 'Dana Reyes', level: 2 }).waitFor();
      const analysis = panel.getByRole('region', { name: 'Analysis' });
      await analysis.getByText('Written by the built-in analyst: no model is configured').waitFor();
      await analysis.getByText(first.summary).waitFor();
      await expect
        .poll(() => analysis.getByRole('list', { name: 'Top recommendations' }).getByRole('listitem').count())
        .toBe(3);

      // Asked first, in the page; cancelling changes nothing.
      await panel.getByRole('button', { name: 'Regenerate analysis' }).click();
      const alert = page.getByRole('alertdialog');
      await alert.getByText('Write a new analysis for').waitFor();
      await e2e.screenshot(page, `admin-submission-regenerate-${view.width}-${view.theme}`);
      await expectAccessible(page, `regenerate confirmation ${view.width}`);
      await alert.getByRole('button', { name: 'Cancel' }).click();
      await alert.waitFor({ state: 'detached' });
      expect((await stored()).generatedAt).toBe(first.generatedAt);

      await panel.getByRole('button', { name: 'Regenerate analysis' }).click();
      await alert.getByRole('button', { name: 'Regenerate' }).click();
      await toast(page, 'A new analysis is being written.').waitFor();
      // The job writes a new one; the panel shows it once it is there.
      await expect
        .poll(async () => (await stored())?.generatedAt ?? first.generatedAt, { timeout: 15_000 })
        .not.toBe(first.generatedAt);
      const regenerated = await stored();
      await analysis.getByText(regenerated.summary).waitFor({ timeout: 15_000 });
      await analysis.locator(`time[datetime="${regenerated.generatedAt}"]`).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await e2e.screenshot(page, `admin-submission-analysis-${view.width}-${view.theme}`);
      await expectAccessible(page, `submission analysis ${view.width}`);
      await context.close();
    },
  );

  it.each(VIEWS)('previews the email in a sandboxed dialog, not a popup, at $width px', async (view) => {
    const { context, page } = await openAs(e2e, admin, `/admin/submissions?id=${dana.id}`, view);
    const panel = page.getByRole('region', { name: 'Submission detail' });
    await panel.getByRole('heading', { name: 'Dana Reyes', level: 2 }).waitFor();
    let popups = 0;
    context.on('page', () => (popups += 1));
    await panel.getByRole('button', { name: 'Preview email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email preview' });
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('src')).toBeNull();
    expect(await frame.getAttribute('srcdoc')).toContain('Dana');
    await dialog.getByTestId('email-preview-subject').waitFor();
    const template = await e2e.database.db('email_templates').where({ is_active: true }).first();
    await dialog.getByText(template.name).waitFor();
    // The email's own page, in the frame, with no script able to run.
    await expect
      .poll(() => page.frameLocator('.email-preview__frame').getByText('Contoso MSP').first().count())
      .toBeGreaterThan(0);
    expect(popups).toBe(0);
    await e2e.screenshot(page, `admin-email-preview-${view.width}-${view.theme}`);
    await expectAccessible(page, `email preview ${view.width}`);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it.each(VIEWS)('flags a template variable a renamed pillar left behind, at $width px', async (view) => {
    const db = e2e.database.db;
    const expertise = await db('pillars').where({ name: 'Expertise' }).first();
    await db('pillars').where({ id: expertise.id }).update({ name: 'Know-how' });
    try {
      const { context, page } = await openAs(e2e, admin, '/admin/email-templates', view);
      await page.getByRole('heading', { name: 'Email Templates', level: 1 }).waitFor();
      const template = await db('email_templates').where({ is_active: true }).first();
      const row = page
        .getByRole('list', { name: 'Email templates' })
        .getByRole('listitem')
        .filter({ hasText: template.name });
      await row.getByText('Unknown variable: {{expertise_level}}').waitFor();

      await row.getByRole('button', { name: `Edit ${template.name}` }).click();
      await page.getByRole('heading', { name: 'Edit Email Template', level: 1 }).waitFor();
      const warning = page.locator('.template-unknown');
      await warning.getByText('{{expertise_level}}').waitFor();
      await warning.getByText(/was a pillar renamed or switched off\?/).waitFor();
      // The renamed pillar's own variable is offered instead.
      await page.getByRole('group', { name: 'Template variables' }).getByText('{{know_how_level}}').waitFor();
      expect(
        await page
          .getByRole('group', { name: 'Template variables' })
          .getByText('{{expertise_level}}')
          .count(),
      ).toBe(0);
      await warning.scrollIntoViewIfNeeded();
      await e2e.screenshot(page, `admin-template-unknown-variable-${view.width}-${view.theme}`);
      await expectAccessible(page, `template editor unknown variable ${view.width}`);
      await context.close();
    } finally {
      await db('pillars').where({ id: expertise.id }).update({ name: 'Expertise' });
    }
  });
});
