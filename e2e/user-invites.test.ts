import type { Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { createTestUser } from '../services-api/src/test/auth-helpers.js';
import { startE2E, type E2E, toast } from './harness.js';
import { createAdmin, signInThroughLoginPage } from './sign-in.js';

const NEW_PASSWORD = 'orchard lantern fifteen';

describe('invite and reset links in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    // With an env the server knows its real address, which the links it makes are built on.
    e2e = await startE2E({ env: {} });
    admin = await createAdmin(e2e.database.db, 'inviter@msp.example');
  });
  afterAll(() => e2e?.close());

  const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

  async function openUsers(options?: Parameters<E2E['newPage']>[0]) {
    const { context, page } = await e2e.newPage(options);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await signInThroughLoginPage(page, admin.email);
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    return { context, page };
  }

  /** Sets a password on the link's page in a browser of its own, as the invited person would. */
  async function openLink(url: string, options?: Parameters<E2E['newPage']>[0]) {
    const { context, page } = await e2e.newPage(options);
    await page.goto(url);
    return { context, page };
  }

  it('an admin adds a user with the dialog defaults, copies the link once, and the person sets a password and is in the portal', async () => {
    const { context, page } = await openUsers();
    await page.getByRole('button', { name: 'Add User' }).click();
    const form = page.getByRole('dialog', { name: 'Add User' });
    await form.getByLabel('Email').fill('ines.invited@msp.example');
    await form.getByLabel('First name').fill('Ines');
    await form.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User created successfully').waitFor();

    const shown = page.getByRole('dialog', { name: 'User Created' });
    const url = ((await shown.getByLabel('Invite link').textContent()) ?? '').trim();
    expect(url).toMatch(/\/api\/invite\?token=[\w-]{43}$/);
    await shown.getByText("It won't be shown again", { exact: false }).waitFor();
    // Escape does not lose it: only Done closes the dialog.
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await shown.isVisible()).toBe(true);
    await e2e.screenshot(page, 'admin-user-invite-link-1280-dark');
    await expectAccessible(page, 'admin-user-invite-link-1280-dark');
    await shown.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    // Shown once: the page no longer holds the link, and the row offers a new one.
    expect(await page.content()).not.toContain(url);
    await userRow(page, 'ines.invited@msp.example')
      .getByRole('button', { name: /^Invite for/ })
      .waitFor();
    await context.close();

    const invited = await openLink(url);
    await invited.page.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(await invited.page.getByLabel('Email').inputValue()).toBe('ines.invited@msp.example');
    await e2e.screenshot(invited.page, 'invite-page-1280-dark');
    await expectAccessible(invited.page, 'invite-page-1280-dark');
    // Too short: the page says so at the field, and nothing is set.
    await invited.page.getByLabel('Password').fill('short pass');
    await invited.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await invited.page.getByRole('alert').getByText('Password must be at least 12 characters').waitFor();
    expect(await invited.page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await e2e.screenshot(invited.page, 'invite-page-error-1280-dark');
    await expectAccessible(invited.page, 'invite-page-error-1280-dark');

    await invited.page.getByLabel('Password').fill(NEW_PASSWORD);
    await invited.page.getByRole('button', { name: 'Set password and sign in' }).click();
    // The defaults make an approved admin: the invited person is in the portal, not told to wait.
    await invited.page.getByRole('heading', { name: 'Content Management System' }).waitFor();
    expect(await invited.page.getByText('Account Pending Approval').count()).toBe(0);

    // The link worked once.
    await invited.page.goto(url);
    await invited.page.getByRole('heading', { name: 'This link has already been used' }).waitFor();
    await e2e.screenshot(invited.page, 'invite-page-used-1280-dark');
    await expectAccessible(invited.page, 'invite-page-used-1280-dark');
    await invited.context.close();

    // Later, in another browser: email and password.
    const later = await e2e.newPage();
    await signInThroughLoginPage(later.page, 'ines.invited@msp.example', NEW_PASSWORD);
    await later.page.getByRole('heading', { name: 'Content Management System' }).waitFor();
    await later.context.close();
  });

  it('resets the password of an existing local user, on a phone, in light', async () => {
    const user = await createTestUser(e2e.database.db, {
      email: 'rafael.reset@msp.example',
      firstName: 'Rafael',
      status: 'approved',
      role: 'admin',
      password: 'the forgotten old password',
    });
    const { context, page } = await openUsers({
      width: 390,
      height: 844,
      theme: 'light',
      colorScheme: 'light',
    });
    await page
      .getByRole('listitem')
      .filter({ hasText: user.email })
      .getByRole('button', { name: 'Reset password for Rafael User' })
      .click();
    const shown = page.getByRole('dialog', { name: 'Password Reset Link' });
    const url = ((await shown.getByLabel('Password reset link').textContent()) ?? '').trim();
    expect(url).toMatch(/\/api\/invite\?token=/);
    await e2e.screenshot(page, 'admin-user-reset-link-390-light');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await context.close();

    const holder = await openLink(url, { width: 390, height: 844, theme: 'light', colorScheme: 'light' });
    await holder.page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await e2e.screenshot(holder.page, 'invite-page-reset-390-light');
    await expectAccessible(holder.page, 'invite-page-reset-390-light');
    await holder.page.getByLabel('New password').fill('a fresh remembered password');
    await holder.page.getByRole('button', { name: 'Save password and sign in' }).click();
    await holder.page.waitForURL(/\/admin/);
    // An approved admin, signed in: the portal itself.
    await holder.page.getByRole('heading', { name: 'Content Management System' }).waitFor();
    await holder.context.close();

    const later = await e2e.newPage();
    await later.page.goto('/api/login');
    await later.page.getByLabel('Email').fill(user.email);
    await later.page.getByLabel('Password').fill('the forgotten old password');
    await later.page.getByRole('button', { name: 'Sign in' }).click();
    await later.page.getByText('Invalid email or password.').waitFor();
    await signInThroughLoginPage(later.page, user.email, 'a fresh remembered password');
    await later.context.close();
  });

  it('shows the invite dialog at phone width in light, and the link pages in dark at phone width', async () => {
    const { context, page } = await openUsers({
      width: 390,
      height: 844,
      theme: 'light',
      colorScheme: 'light',
    });
    await page.getByRole('button', { name: 'Add User' }).click();
    const form = page.getByRole('dialog', { name: 'Add User' });
    await form.getByLabel('Email').fill('phone.person@msp.example');
    await form.getByRole('button', { name: 'Create User' }).click();
    const shown = page.getByRole('dialog', { name: 'User Created' });
    const url = ((await shown.getByLabel('Invite link').textContent()) ?? '').trim();
    await e2e.screenshot(page, 'admin-user-invite-link-390-light');
    await shown.getByRole('button', { name: 'Done' }).click();
    await context.close();

    const phone = await openLink(url, { width: 390, height: 844 });
    await phone.page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await e2e.screenshot(phone.page, 'invite-page-390-dark');
    await expectAccessible(phone.page, 'invite-page-390-dark');
    await phone.context.close();
    const desktopLight = await openLink(url, { theme: 'light', colorScheme: 'light' });
    await desktopLight.page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await e2e.screenshot(desktopLight.page, 'invite-page-1280-light');
    await expectAccessible(desktopLight.page, 'invite-page-1280-light');
    await desktopLight.context.close();
  });
});
