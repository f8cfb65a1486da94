import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { startE2E, toast, VIEWPORTS, type E2E } from './harness.js';
import { createAdmin, signInThroughLoginPage } from './sign-in.js';

const USER_READS = 'User: Reads the submissions and their lead status, owner and notes; changes nothing.';
const SALES_WORKS =
  'Sales: Reads and works the leads: status, owner, next step and notes. Nothing else in the portal.';
const ADMIN_CAN = 'Admin: Runs the whole portal: content, users, integrations, exports and the leads.';
const ADMIN_WAITS = `${ADMIN_CAN} Not until an administrator approves them in this list.`;

describe('Add User says what role and status mean, in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    // With an env the server knows its real address, which the invite links are built on.
    e2e = await startE2E({ env: {} });
    admin = await createAdmin(e2e.database.db, 'people.admin@msp.example');
  });
  afterAll(() => e2e?.close());

  /** The text the Role select is described by: what a screen reader reads after its value. */
  const roleDescription = (page: Page) =>
    page
      .getByRole('dialog', { name: 'Add User' })
      .getByLabel('Role')
      .evaluate((select) =>
        (select.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );

  for (const viewport of VIEWPORTS) {
    it(`defaults to an approved Admin, says what a User and Sales may do, and invites an administrator in one step (${viewport.name})`, async () => {
      const { context, page } = await e2e.newPage(viewport);
      await signInThroughLoginPage(page, admin.email);
      await page.goto('/admin/users');
      await page.getByRole('heading', { name: 'User Management' }).waitFor();
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add User' });
      await dialog.waitFor();

      // The defaults: an approved Admin, and beside the role what that lets them do.
      expect(await dialog.getByLabel('Role').inputValue()).toBe('admin');
      expect(await dialog.getByLabel('Status').inputValue()).toBe('approved');
      expect(await roleDescription(page)).toBe(ADMIN_CAN);
      // Role User, then Sales: the dialog says what each means.
      await dialog.getByLabel('Role').selectOption('user');
      await dialog.getByText(USER_READS).waitFor();
      expect(await roleDescription(page)).toBe(USER_READS);
      await dialog.getByLabel('Role').selectOption('sales');
      expect(await roleDescription(page)).toBe(SALES_WORKS);
      await dialog.getByLabel('Role').selectOption('user');
      await e2e.screenshot(page, `admin-add-user-role-user-${viewport.name}`);
      await expectAccessible(page, `admin-add-user-role-user-${viewport.name}`);

      // Choosing Admin approves too: one choice makes someone who can work in the portal.
      await dialog.getByLabel('Role').selectOption('admin');
      expect(await dialog.getByLabel('Status').inputValue()).toBe('approved');
      expect(await roleDescription(page)).toBe(ADMIN_CAN);
      // An admin left pending is told to wait, and the words follow the status back.
      await dialog.getByLabel('Status').selectOption('pending');
      expect(await roleDescription(page)).toBe(ADMIN_WAITS);
      await e2e.screenshot(page, `admin-add-user-admin-pending-${viewport.name}`);
      await dialog.getByLabel('Status').selectOption('approved');
      expect(await roleDescription(page)).toBe(ADMIN_CAN);
      await e2e.screenshot(page, `admin-add-user-role-admin-${viewport.name}`);
      await expectAccessible(page, `admin-add-user-role-admin-${viewport.name}`);

      const email = `new.admin.${viewport.width}@msp.example`;
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Create User' }).click();
      await toast(page, 'User created successfully').waitFor();
      const created = page.getByRole('dialog', { name: 'User Created' });
      await created
        .getByText(`${email} can open the admin portal once they have set a password with this link.`)
        .waitFor();
      const url = ((await created.getByLabel('Invite link').textContent()) ?? '').trim();
      await created.getByRole('button', { name: 'Done' }).click();
      await created.waitFor({ state: 'detached' });
      await context.close();

      // The invited administrator sets a password and is in the portal: no role change, no approval.
      const invited = await e2e.newPage(viewport);
      await invited.page.goto(url);
      await invited.page.getByLabel('Password').fill('an administrator password');
      await invited.page.getByRole('button', { name: 'Set password and sign in' }).click();
      await invited.page.getByRole('heading', { name: 'Content Management System' }).waitFor();
      await invited.context.close();
    });
  }

  it('tells the admin who adds a User what the role lets them do, and that the link opens their portal (390-dark)', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await signInThroughLoginPage(page, admin.email);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Email').fill('plain.member@msp.example');
    await dialog.getByLabel('Role').selectOption('user');
    expect(await roleDescription(page)).toBe(USER_READS);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    const created = page.getByRole('dialog', { name: 'User Created' });
    await created
      .getByText(
        'plain.member@msp.example can open the admin portal once they have set a password with this link.',
      )
      .waitFor();
    await e2e.screenshot(page, 'admin-add-user-created-user-390-dark');
    await expectAccessible(page, 'admin-add-user-created-user-390-dark');
    await created.getByRole('button', { name: 'Done' }).click();
    await context.close();
  });
});
