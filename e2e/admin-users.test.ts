import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { createTestUser } from '../services-api/src/test/auth-helpers.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E, toast, VIEWS } from './harness.js';

const PASSWORD = 'correct horse battery staple';

describe('admin portal: access guard and user management in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;
  let founder: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    founder = await createTestUser(e2e.database.db, {
      email: 'founder@msp.example',
      firstName: 'Fiona',
      role: 'admin',
      status: 'approved',
      isFounder: true,
    });
    admin = await createTestUser(e2e.database.db, {
      email: 'ada@msp.example',
      firstName: 'Ada',
      role: 'admin',
      status: 'approved',
      password: PASSWORD,
    });
  });
  afterAll(() => e2e?.close());

  /** Signs in through the server's sign-in page, as a visitor would. */
  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto('/api/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin/);
  }

  async function openUsers(page: Page): Promise<void> {
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
  }

  /** A page signed in as the admin, on User Management. */
  async function adminPage(options?: Parameters<E2E['newPage']>[0]) {
    const { context, page } = await e2e.newPage(options);
    await signIn(page, admin.email);
    await openUsers(page);
    return { context, page };
  }

  /** Every toast the context's pages show (title and description), kept across navigations. */
  async function recordToasts(context: BrowserContext): Promise<string[]> {
    const seen: string[] = [];
    await context.exposeBinding('__recordToast', (_source, text: string) => {
      if (!seen.includes(text)) seen.push(text);
    });
    await context.addInitScript(() => {
      const record = (window as unknown as { __recordToast(text: string): void }).__recordToast;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('.bp6-toast')) record(toast.textContent ?? '');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    return seen;
  }

  /** The admin API calls a page makes. */
  function watchAdminCalls(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/admin/')) calls.push(`${request.method()} ${pathname}`);
    });
    return calls;
  }

  const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });
  const dbUser = (id: number) => e2e.database.db<UserRow>('users').where({ id }).first();

  it('signed out: a first visit gets the sign-in card and no error toast', async () => {
    const { context, page } = await e2e.newPage();
    const toasts = await recordToasts(context);
    const adminCalls = watchAdminCalls(page);
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(toasts).toEqual([]);
    const login = page.getByRole('link', { name: 'Login to Admin Portal' });
    expect(await login.getAttribute('href')).toBe('/api/login');
    // No tabs, no user menu and no admin data for a visitor.
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Logout' }).count()).toBe(0);
    expect(adminCalls).toEqual([]);
    await e2e.screenshot(page, 'admin-signed-out-1280-dark');
    await expectAccessible(page, 'admin-signed-out-1280-dark');
    await login.click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('signed out after a session ended: toasts Authentication Required with the card', async () => {
    const { context, page } = await e2e.newPage();
    // This browser had someone signed in; the session has ended since (expired or ended elsewhere).
    await context.addInitScript(() => localStorage.setItem('msp-signed-in-here', '1'));
    await page.goto('/admin');
    await toast(page, 'Authentication Required').waitFor();
    await toast(page, 'Please log in to access the admin portal.').waitFor();
    // The card under the toast does not say the same again.
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    expect(await page.getByText('Please log in to access the admin portal.').count()).toBe(1);
    await context.close();
  });

  it('signs in locally through /api/login and lands on User Management', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Login to Admin Portal' }).click();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in, the portal opens at /admin: the dashboard, or User Management while there is none.
    await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/users');
    const usersTab = page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Users' });
    await usersTab.click();
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    expect(await usersTab.getAttribute('aria-current')).toBe('page');
    const topBar = page.getByRole('banner');
    await topBar.getByText('Admin Portal').waitFor();
    expect(await topBar.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    await page.getByLabel('Signed in user').getByText('Ada').waitFor();
    await page.getByLabel('Signed in user').getByText('Admin', { exact: true }).waitFor();
    // Both seeded accounts are listed with their dates in "MMM d, yyyy HH:mm".
    await userRow(page, founder.email).waitFor();
    expect(await userRow(page, admin.email).textContent()).toMatch(
      /[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/,
    );
    // An unknown admin path stays inside the portal.
    await page.goto('/admin/no-such-screen');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('/admin/no-such-screen').waitFor();
    await page.getByRole('link', { name: 'Back to the admin portal' }).click();
    await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/users');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor({ state: 'detached' });
    // Signed in in this browser, the public matrix page offers the way back to the portal.
    await page.goto('/matrix');
    await page.locator('.site-header').getByRole('button', { name: 'Admin' }).waitFor();
    await context.close();
  });

  it('keeps a pending admin out until approved, then Refresh Status opens the portal', async () => {
    const pendingAdmin = await createTestUser(e2e.database.db, {
      email: 'pat.pending@msp.example',
      firstName: 'Pat',
      role: 'admin',
      status: 'pending',
      password: PASSWORD,
    });
    const pending = await e2e.newPage({ width: 390 });
    const adminCalls = watchAdminCalls(pending.page);
    await signIn(pending.page, pendingAdmin.email);
    await pending.page.getByRole('heading', { name: 'Account Pending Approval' }).waitFor();
    await pending.page
      .getByText('Your account is awaiting admin approval. Please contact an administrator.')
      .waitFor();
    await pending.page.getByText('Pending Approval', { exact: true }).waitFor();
    await pending.page.getByRole('link', { name: 'Return to Home' }).waitFor();
    expect(await pending.page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    // Admin data is asked for only once the user is known to be an approved admin.
    expect(adminCalls).toEqual([]);
    await e2e.screenshot(pending.page, 'admin-pending-390-dark');
    await expectAccessible(pending.page, 'admin-pending-390-dark');

    // Another admin approves the account in the portal.
    const { context, page } = await adminPage();
    const row = userRow(page, pendingAdmin.email);
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Approve/ }).click();
    await toast(page, 'User status updated successfully').waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    expect((await dbUser(pendingAdmin.id))?.status).toBe('approved');
    await context.close();

    await pending.page.getByRole('button', { name: 'Refresh Status' }).click();
    await pending.page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
    // Now an approved admin: the portal's data is loaded.
    await expect.poll(() => adminCalls.length).toBeGreaterThan(0);
    expect(await pending.page.getByText('Pending Approval', { exact: true }).count()).toBe(0);
    await pending.context.close();
  });

  it('tells a signed-in user who was denied that admin access is required', async () => {
    const member = await createTestUser(e2e.database.db, {
      email: 'max.member@msp.example',
      firstName: 'Max',
      role: 'user',
      status: 'denied',
      password: PASSWORD,
    });
    const { context, page } = await e2e.newPage({ theme: 'light', colorScheme: 'light' });
    await signIn(page, member.email);
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await page.getByText('You need admin privileges to access this area.').waitFor();
    await page.getByRole('button', { name: 'Refresh Status' }).waitFor();
    expect(await page.getByText('Admin', { exact: true }).count()).toBe(0);
    await e2e.screenshot(page, 'admin-access-required-1280-light');
    await expectAccessible(page, 'admin-access-required-1280-light');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('denies a pending user and changes an approved user’s role; the founder’s role is locked', async () => {
    const applicant = await createTestUser(e2e.database.db, {
      email: 'dan.deny@msp.example',
      firstName: 'Dan',
      status: 'pending',
    });
    const member = await createTestUser(e2e.database.db, {
      email: 'rita.role@msp.example',
      firstName: 'Rita',
      role: 'user',
      status: 'approved',
    });
    const { context, page } = await adminPage();

    const applicantRow = userRow(page, applicant.email);
    await applicantRow.getByRole('button', { name: /^Deny/ }).click();
    await toast(page, 'User status updated successfully').waitFor();
    await applicantRow.getByText('Denied', { exact: true }).waitFor();
    expect((await dbUser(applicant.id))?.status).toBe('denied');
    // A denied user's role is shown, not offered.
    expect(await applicantRow.getByRole('combobox').count()).toBe(0);

    const role = userRow(page, member.email).getByRole('combobox', { name: 'Role for Rita User' });
    expect(await role.inputValue()).toBe('user');
    // The role list: User, Sales, Admin.
    expect(await role.locator('option').allTextContents()).toEqual(['User', 'Sales', 'Admin']);
    await role.selectOption('sales');
    await toast(page, 'User role updated successfully').waitFor();
    expect(await role.inputValue()).toBe('sales');
    expect((await dbUser(member.id))?.role).toBe('sales');

    // The founder: badge, no selector, and the reason on keyboard focus.
    const founderRow = userRow(page, founder.email);
    await founderRow.getByText('Founder', { exact: true }).waitFor();
    expect(await founderRow.getByRole('combobox').count()).toBe(0);
    await founderRow.locator('.user-role-locked').focus();
    await page.locator('.bp6-tooltip').getByText("The founder's role cannot be changed").waitFor();
    // Nor can the signed-in admin change their own role.
    expect(await userRow(page, admin.email).getByRole('combobox').count()).toBe(0);
    await userRow(page, admin.email).getByText('You', { exact: true }).waitFor();
    await context.close();
  });

  it('adds a user through the dialog, with validation and the duplicate-email error', async () => {
    const { context, page } = await adminPage();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.waitFor();
    // Defaults: an approved admin, whom the invite lets straight into the portal.
    expect(await dialog.getByLabel('Role').inputValue()).toBe('admin');
    expect(await dialog.getByLabel('Status').inputValue()).toBe('approved');

    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await e2e.screenshot(page, 'admin-add-user-dialog-1280-dark');
    await expectAccessible(page, 'admin-add-user-dialog-1280-dark');

    await dialog.getByLabel('Email').fill('  Nora.New@MSP.example ');
    await dialog.getByLabel('First name').fill('Nora');
    await dialog.getByLabel('Last name').fill('Newman');
    await dialog.getByLabel('Role').selectOption('admin');
    await dialog.getByLabel('Status').selectOption('approved');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User created successfully').waitFor();
    // The invite link, once (user-invites.test.ts walks it); Done closes the dialog.
    const created = page.getByRole('dialog', { name: 'User Created' });
    await created.getByLabel('Invite link').waitFor();
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });
    const row = userRow(page, 'nora.new@msp.example');
    await row.getByText('Nora Newman').waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await row.getByRole('combobox').inputValue()).toBe('admin');

    // The same email again: the server's message, in the toast and at the field.
    await page.getByRole('button', { name: 'Add User' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe('');
    await dialog.getByLabel('Email').fill('nora.new@msp.example');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'Error').waitFor();
    await toast(page, 'A user with this email already exists').waitFor();
    await dialog.getByText('A user with this email already exists').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('on a 401 from an admin call, toasts Unauthorized and goes to the sign-in page', async () => {
    const member = await createTestUser(e2e.database.db, {
      email: 'sam.session@msp.example',
      firstName: 'Sam',
      role: 'user',
      status: 'approved',
    });
    const { context, page } = await e2e.newPage();
    const toasts = await recordToasts(context);
    await signIn(page, admin.email);
    await openUsers(page);
    const role = userRow(page, member.email).getByRole('combobox');
    await role.waitFor();
    // The session ends on the server while the portal is open.
    await e2e.database.db('sessions').delete();
    await role.selectOption('admin');
    // The toast has 500 ms before the redirect, so it is checked from the record.
    await expect
      .poll(() => toasts)
      .toContainEqual(expect.stringMatching(/^UnauthorizedYou are logged out\. Logging in again\.\.\.$/));
    expect(toasts.join(' ')).not.toMatch(/Failed to update user role/);
    await page.waitForURL('**/api/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect((await dbUser(member.id))?.role).toBe('user');
    await context.close();
  });

  it('shows Failed to fetch users with a retry when the list cannot be read', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(page, admin.email);
    await openUsers(page);
    // The server breaks down: every read of the list answers 500 (retried, then reported).
    let failing = true;
    let failures = 0;
    await context.route('**/api/admin/users', (route) => {
      if (!failing) return route.continue();
      failures += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Failed to fetch users' }).waitFor({ timeout: 20_000 });
    await toast(page, 'Error').waitFor();
    await toast(page, 'Failed to fetch users').waitFor();
    await page.getByText('500: {"message":"boom"}').waitFor();
    // The first try and 3 retries.
    expect(failures).toBe(4);
    await e2e.screenshot(page, 'admin-users-error-1280-dark');
    await expectAccessible(page, 'admin-users-error-1280-dark');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await userRow(page, admin.email).waitFor();
    await context.close();
  });

  it('looks right at 1280 and 390 px in light and dark', async () => {
    await createTestUser(e2e.database.db, {
      email: 'priya.pending@msp.example',
      firstName: 'Priya',
      status: 'pending',
    });
    for (const [width, theme] of VIEWS) {
      const { context, page } = await adminPage({ width, theme, colorScheme: theme });
      if (width === 390) {
        // Cards instead of a table; the approval buttons stay within reach.
        const list = page.getByRole('list', { name: 'System users' });
        await list.waitFor();
        expect(await page.getByRole('table').count()).toBe(0);
        const card = list.getByRole('listitem').filter({ hasText: 'priya.pending@msp.example' });
        await card.getByRole('button', { name: /^Approve/ }).waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
      } else {
        await userRow(page, 'priya.pending@msp.example').waitFor();
      }
      await e2e.screenshot(page, `admin-users-${width}-${theme}`);
      await expectAccessible(page, `admin-users-${width}-${theme}`);
      await context.close();
    }
  });

  it('Logout returns to / and /admin shows the guard again', async () => {
    const { context, page } = await adminPage();
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Login to Admin Portal' }).waitFor();
    // Signed out, the public pages stop asking who is signed in.
    const authCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') authCalls.push(request.url());
    });
    await page.goto('/matrix');
    await page.getByRole('table').waitFor();
    await page.waitForLoadState('networkidle');
    expect(authCalls).toEqual([]);
    expect(await page.locator('.site-header').getByRole('button', { name: 'Admin' }).count()).toBe(0);
    await context.close();
  });

  it('a Logout link on another site asks first, and signs out only when the admin confirms', async () => {
    const { context, page } = await adminPage();
    // A page of no origin of ours links to the portal's sign-out, as another site could.
    await page.goto('about:blank');
    await page.setContent(`<a href="${e2e.baseUrl}/api/logout">Sign out of the portal</a>`);
    await page.getByRole('link', { name: 'Sign out of the portal' }).click();
    await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
    await e2e.screenshot(page, 'sign-out-confirmation');
    await expectAccessible(page, 'sign-out-confirmation');
    // Still signed in: the portal opens as before.
    await openUsers(page);
    await page.goBack();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Login to Admin Portal' }).waitFor();
    await context.close();
  });
});
