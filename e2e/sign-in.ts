import type { Page } from 'playwright-core';
import type { Database } from '../services-api/src/db/knex.js';
import { quickPasswordHash } from '../services-api/src/test/auth-helpers.js';
import { upsertLocalAdmin } from '../services-api/src/plugins/users/users-service.js';
import { type UserRow } from '../services-api/src/db/tables.js';
import { OUTSIDE_REQUEST } from '../services-api/src/http/audit-trail.js';

export const TEST_PASSWORD = 'a long test password';

let adminCounter = 0;

/** An approved admin with a local password, as `npm run admin:create` makes one. */
export async function createAdmin(
  db: Database,
  email = `admin${++adminCounter}@msp.example`,
): Promise<UserRow> {
  return upsertLocalAdmin(
    db,
    { email, passwordHash: await quickPasswordHash(TEST_PASSWORD), firstName: 'Avery' },
    OUTSIDE_REQUEST,
  );
}

/** Signs in through the real sign-in page, as a person would, and waits for the portal. */
export async function signInThroughLoginPage(
  page: Page,
  email: string,
  password = TEST_PASSWORD,
): Promise<void> {
  await page.goto('/api/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin(\/|$)/);
}

/**
 * Signs in with the sign-in page's own form post (the same request the page sends, with its CSRF
 * crumb) from the page's context, then opens `to`. For the tests whose subject is past the sign-in
 * page: rendering that page and the portal it lands on before every test's own page cost each
 * test two page loads, and the tests of the page itself go through it (signInThroughLoginPage).
 */
export async function signIn(
  page: Page,
  email: string,
  to = '/admin',
  password = TEST_PASSWORD,
): Promise<void> {
  const request = page.context().request;
  const form = await request.get('/api/login');
  if (!form.ok()) throw new Error(`The sign-in page answered ${form.status()}`);
  const crumb = (await page.context().cookies()).find((cookie) => cookie.name === 'crumb')?.value;
  if (!crumb) throw new Error('The sign-in page set no crumb cookie');
  const answer = await request.post('/api/auth/local', { form: { email, password, crumb } });
  if (!/^\/admin(\/|$)/.test(new URL(answer.url()).pathname)) {
    throw new Error(`Signing in as ${email} ended at ${answer.url()} (${answer.status()})`);
  }
  await page.goto(to);
}
