import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcServer, type TestOidcServer } from '../services-api/src/test/oidc-server.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

const CLIENT_ID = 'msp-portal';
const CLIENT_SECRET = 'northwind-portal-secret';
const FOUNDER = 'morgan@northwind-it.example';
const SSO_BUTTON = 'Sign in with Northwind ID';

describe('single sign-on in Chromium', () => {
  let idp: TestOidcServer;
  let e2e: E2E;

  beforeAll(async () => {
    idp = await startOidcServer({
      // Another site than the app (127.0.0.1), as a real identity provider is.
      hostname: 'localhost',
      accounts: [
        { login: 'morgan', email: FOUNDER, emailVerified: true, givenName: 'Morgan', familyName: 'Lee' },
        {
          login: 'dana',
          email: 'Dana@Northwind-IT.example',
          emailVerified: true,
          givenName: 'Dana',
          familyName: 'Reyes',
        },
        { login: 'lee', email: 'lee@northwind-it.example', emailVerified: false },
      ],
    });
    e2e = await startE2E({
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_DISPLAY_NAME: 'Northwind ID',
        // One organisation's directory: its addresses may make the founder.
        OIDC_TRUST_EMAIL: 'true',
        FOUNDER_EMAIL: FOUNDER,
      },
    });
    await idp.registerClient({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${e2e.baseUrl}/api/auth/oidc`,
    });
  });
  afterAll(async () => {
    await e2e?.close();
    await idp?.stop();
  });

  const onApp = (url: URL) => url.origin === e2e.baseUrl;

  /**
   * From the app's sign-in page through the provider's pages and back: signs in as `login` when
   * the provider asks who it is, and allows access when it asks for consent. A provider that
   * still has a session asks neither.
   */
  async function signInWithSso(page: Page, login: string) {
    await page.goto('/api/login');
    let current = page.url();
    const nextPage = async () => {
      await page.waitForURL((url) => url.toString() !== current);
      current = page.url();
    };
    await page.getByRole('link', { name: SSO_BUTTON }).click();
    await nextPage();
    for (let step = 0; !onApp(new URL(current)); step++) {
      if (step === 3) throw new Error(`stuck at the provider on ${current}`);
      const loginField = page.getByPlaceholder('Enter any login');
      if (await loginField.isVisible()) {
        await loginField.fill(login);
        await page.getByPlaceholder('and password').fill('correct horse battery staple');
        await page.getByRole('button', { name: 'Sign-in' }).click();
      } else {
        await page.getByRole('button', { name: 'Continue' }).click();
      }
      await nextPage();
    }
  }

  /** The signed-in user, as the page's own cookies show it to the server. */
  async function currentUser(page: Page) {
    const response = await page.request.get('/api/auth/user');
    expect(response.status()).toBe(200);
    return (await response.json()) as { id: number; email: string; role: string; status: string };
  }

  it('takes a new person from the sign-in page to pending approval, and into the portal once approved', async () => {
    // The founder signs in through the provider and is an approved admin straight away.
    const founder = await e2e.newPage();
    await signInWithSso(founder.page, 'morgan');
    await founder.page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
    expect(await currentUser(founder.page)).toMatchObject({
      email: FOUNDER,
      role: 'admin',
      status: 'approved',
    });

    // A new person arrives pending.
    const { context, page } = await e2e.newPage();
    await page.goto('/api/login');
    await e2e.screenshot(page, 'sso-sign-in-page');
    await expectAccessible(page, 'sso-sign-in-page');
    await signInWithSso(page, 'dana');
    expect(new URL(page.url()).pathname).toMatch(/^\/admin/);
    await page.getByRole('heading', { name: 'Account Pending Approval' }).waitFor();
    await page.getByText('dana@northwind-it.example').first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    await e2e.screenshot(page, 'sso-pending-approval');
    await expectAccessible(page, 'sso-pending-approval');
    const dana = await currentUser(page);
    expect(dana).toMatchObject({ email: 'dana@northwind-it.example', role: 'user', status: 'pending' });

    // The founder approves them and makes them an admin, through the admin API with their CSRF token.
    const answers = await founder.page.evaluate(async (userId) => {
      const csrf = decodeURIComponent(document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '');
      const patch = (path: string, body: object) =>
        fetch(`/api/admin/users/${userId}/${path}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify(body),
        }).then((response) => response.status);
      return [await patch('status', { status: 'approved' }), await patch('role', { role: 'admin' })];
    }, dana.id);
    expect(answers).toEqual([200, 200]);

    // "Refresh Status" lets them in without signing in again.
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Account Pending Approval' }).count()).toBe(0);
    // The screen's own chunk and data load after the frame: let them land before the picture.
    await page.waitForLoadState('networkidle');
    await e2e.screenshot(page, 'sso-approved-portal');
    await expectAccessible(page, 'sso-approved-portal');

    // Signing out and in again (the provider remembers them) is the same user row.
    await page.goto('/api/logout');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await signInWithSso(page, 'dana');
    await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
    expect((await currentUser(page)).id).toBe(dana.id);
    const rows = await e2e.database.db('users').where({ email: 'dana@northwind-it.example' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ oidc_issuer: idp.issuer, oidc_subject: 'dana' });

    // The flow's cookies are gone once it is over.
    const names = (await context.cookies(e2e.baseUrl)).map((cookie) => cookie.name);
    expect(names).toContain('msp_session');
    expect(names).not.toContain('msp_oidc_state');
    expect(names).not.toContain('msp_oidc_nonce');

    await context.close();
    await founder.context.close();
  });

  it('brings someone whose address the provider has not verified back to the sign-in page with an error', async () => {
    const { context, page } = await e2e.newPage();
    await signInWithSso(page, 'lee');
    expect(new URL(page.url()).pathname).toBe('/api/auth/oidc');
    await page.getByRole('alert').filter({ hasText: 'Single sign-on failed. Please try again.' }).waitFor();
    await page.getByRole('link', { name: SSO_BUTTON }).waitFor();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expect(await e2e.database.db('users').where({ email: 'lee@northwind-it.example' })).toHaveLength(0);
    await e2e.screenshot(page, 'sso-failed');
    await expectAccessible(page, 'sso-failed');
    await context.close();
  });
});
