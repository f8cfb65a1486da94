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
