import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../services-api/src/test/auth-helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../services-api/src/test/smtp-server.js';
import { expectAccessible } from './axe.js';
import { startE2E, VIEWPORTS, type E2E } from './harness.js';
import { signInThroughLoginPage } from './sign-in.js';

describe('Forgot password with email, in Chromium', () => {
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

  /** The link of the newest email to `email`, once the job queue has sent it. */
  async function linkSentTo(email: string): Promise<string> {
    for (let seen = 1; ; seen++) {
      const mails = await smtp.waitForMessages(seen, 20_000);
      const mail = mails.filter((m) => m.envelope.rcptTo.includes(email)).at(-1);
      if (mail) return mail.parsed.text!.match(/http\S+\/api\/invite\?token=[\w-]+/)![0];
    }
  }

  for (const viewport of VIEWPORTS) {
    it(`asks for a link on the sign-in page, sets a new password with it and signs in (${viewport.name})`, async () => {
      const user = await createTestUser(e2e.database.db, {
        email: `forgetful.${viewport.width}@msp.example`,
        firstName: 'Fiona',
        role: 'admin',
        status: 'approved',
        password: 'the password I forgot',
      });
      const { context, page } = await e2e.newPage(viewport);
      await page.goto('/api/login');
      await e2e.screenshot(page, `sign-in-${viewport.name}`);
      await expectAccessible(page, `sign-in-${viewport.name}`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByText('The link works once, for 30 minutes.').waitFor();
      await e2e.screenshot(page, `forgot-password-${viewport.name}`);
      await expectAccessible(page, `forgot-password-${viewport.name}`);

      // Not an address: said at the field, and nothing is sent.
      await page.getByLabel('Email').fill('fiona');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('alert').getByText('Please enter a valid email address').waitFor();
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      await e2e.screenshot(page, `forgot-password-error-${viewport.name}`);
      await expectAccessible(page, `forgot-password-error-${viewport.name}`);

      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await page.getByText(`If an account uses ${user.email}, we have sent it a link`).waitFor();
      await e2e.screenshot(page, `forgot-password-sent-${viewport.name}`);
      await expectAccessible(page, `forgot-password-sent-${viewport.name}`);

      // The person opens the emailed link in the same browser.
      await page.goto(await linkSentTo(user.email));
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
      await expectAccessible(page, `forgot-password-link-${viewport.name}`);
      await page.getByLabel('New password').fill('a password I will remember');
      await page.getByRole('button', { name: 'Save password and sign in' }).click();
      await page.waitForURL(/\/admin/);
      await page.getByRole('heading', { name: 'Content Management System' }).waitFor();
      await context.close();

      // Later, elsewhere: the old password is gone, the new one signs in.
      const later = await e2e.newPage(viewport);
      await later.page.goto('/api/login');
      await later.page.getByLabel('Email').fill(user.email);
      await later.page.getByLabel('Password').fill('the password I forgot');
      await later.page.getByRole('button', { name: 'Sign in' }).click();
      await later.page.getByText('Invalid email or password.').waitFor();
      await signInThroughLoginPage(later.page, user.email, 'a password I will remember');
      await later.page.getByRole('heading', { name: 'Content Management System' }).waitFor();
      await later.context.close();
    });
  }
});

describe('Forgot password without email, in Chromium', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  for (const viewport of VIEWPORTS) {
    it(`says to ask an administrator (${viewport.name})`, async () => {
      const { context, page } = await e2e.newPage(viewport);
      await page.goto('/api/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByText('This server does not send email, so it cannot send you a reset link.').waitFor();
      await page.getByText('Ask an administrator to open User Management', { exact: false }).waitFor();
      await page.getByRole('heading', { name: 'The only administrator?' }).waitFor();
      await page.getByText('npm run admin:create -- --email EMAIL --password PASSWORD').waitFor();
      expect(await page.getByRole('button', { name: 'Send reset link' }).count()).toBe(0);
      await e2e.screenshot(page, `forgot-password-ask-admin-${viewport.name}`);
      await expectAccessible(page, `forgot-password-ask-admin-${viewport.name}`);
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await context.close();
    });
  }
});
