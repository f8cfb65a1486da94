import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../services-api/src/test/auth-helpers.js';
import { issueSetupLink } from '../services-api/src/plugins/auth/setup-link.js';
import { inviteExistingUser } from '../services-api/src/plugins/invites/invites-service.js';
import { expectAccessible } from './axe.js';
import { startE2E, VIEWPORTS, type E2E } from './harness.js';
import { OUTSIDE_REQUEST } from '../services-api/src/http/audit-trail.js';

const PASSPHRASE = 'lantern orbit tulip gravel';

/** What the meter says and shows now. */
async function meterOf(page: Page) {
  const meter = page.locator('#password-strength');
  return {
    text: ((await meter.getByRole('status').textContent()) ?? '').trim(),
    verdict: await meter.getAttribute('data-verdict'),
    score: await meter.getAttribute('data-score'),
  };
}

/** Types like a person, then waits for the meter to have judged what was typed. */
async function type(page: Page, label: string, password: string, expected: RegExp) {
  const field = page.getByLabel(label, { exact: true });
  // Emptied first, so the verdict waited for below is this password's, not the last one's.
  await field.fill('');
  await page.locator('#password-strength[data-verdict="empty"]').waitFor();
  await field.pressSequentially(password, { delay: 5 });
  await page.locator('#password-strength').getByRole('status').getByText(expected).waitFor();
  return meterOf(page);
}

describe('the password strength meter in Chromium', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('judges the founder password as it is typed, as the server will', async () => {
    const link = (await issueSetupLink(e2e.database.db, e2e.baseUrl))!;
    const { context, page } = await e2e.newPage();
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Create the founder account' }).waitFor();
    const password = page.getByLabel('Password', { exact: true });
    // Before anything is typed: the advice, no verdict, and the field points at it.
    await page.locator('#password-strength').waitFor({ state: 'visible' });
    expect(await meterOf(page)).toMatchObject({ verdict: 'empty', score: '0' });
    expect(await password.getAttribute('aria-describedby')).toBe('password-hint password-strength-text');
    expect(loaded.filter((path) => path === '/api/auth/password-meter.js')).toHaveLength(1);

    expect(await type(page, 'Password', '123456789012', /Too common/)).toMatchObject({
      verdict: 'refused',
      text: 'Strength: Too common. Password is too common: it is on a list of common and breached passwords. Try a few unrelated words.',
    });
    expect(await type(page, 'Password', ' '.repeat(12), /Too weak/)).toMatchObject({
      verdict: 'refused',
      text: 'Strength: Too weak. Password cannot be only spaces',
    });
    await page.getByLabel('Email').fill('owner@msp.example');
    const personal = await type(page, 'Password', 'owner@msp.example1', /Too weak/);
    expect(personal.text).toContain('There should not be any personal or page related data.');
    // The server answers with the sentence the meter showed.
    await page.getByRole('button', { name: 'Create account and sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(personal.text).toBe(`Strength: Too weak. ${await page.getByRole('alert').textContent()}`);
    const strong = await type(page, 'Password', PASSPHRASE, /Strong/);
    expect(strong).toMatchObject({ verdict: 'accepted', score: '4' });
    await expectAccessible(page, 'setup page with the meter');

    // What the meter accepted, the server accepts.
    await page.getByRole('button', { name: 'Create account and sign in' }).click();
    await page.waitForURL(/\/admin/);
    await context.close();
  });

  it('shows strength on invite and reset pages at 1280 and 390 px, light and dark, and stays accessible', async () => {
    const admin = await createTestUser(e2e.database.db, {
      email: 'meter.admin@msp.example',
      role: 'admin',
      status: 'approved',
    });
    for (const [index, view] of VIEWPORTS.entries()) {
      const invited = await createTestUser(e2e.database.db, {
        email: `meter.${index}@msp.example`,
        status: 'approved',
        // The second view is a reset: a user with a password gets the "new password" page.
        password: index % 2 ? 'a password to be reset' : undefined,
      });
      const invite = await inviteExistingUser(
        e2e.database.db,
        invited.id,
        {
          createdBy: admin.id,
          publicUrl: e2e.baseUrl,
          email: false,
        },
        OUTSIDE_REQUEST,
      );
      const label = index % 2 ? 'New password' : 'Password';
      const { context, page } = await e2e.newPage(view);
      await page.goto(invite.url);
      await page.locator('#password-strength').waitFor({ state: 'visible' });

      const weak = await type(page, label, 'password1234', /Too common/);
      expect(weak.verdict).toBe('refused');
      await e2e.screenshot(page, `password-meter-weak-${view.name}`);
      await expectAccessible(page, `password meter, refused, ${view.name}`);

      const good = await type(page, label, PASSPHRASE, /Strong/);
      expect(good.verdict).toBe('accepted');
      expect(Number(good.score)).toBeGreaterThan(Number(weak.score));
      await e2e.screenshot(page, `password-meter-strong-${view.name}`);
      await expectAccessible(page, `password meter, accepted, ${view.name}`);
      await context.close();
    }
  });

  it('lets the server have the last word when the meter is bypassed', async () => {
    const user = await createTestUser(e2e.database.db, { email: 'bypass@msp.example', status: 'approved' });
    const invite = await inviteExistingUser(
      e2e.database.db,
      user.id,
      {
        createdBy: null,
        publicUrl: e2e.baseUrl,
        email: false,
      },
      OUTSIDE_REQUEST,
    );
    const { context, page } = await e2e.newPage();
    await page.goto(invite.url);
    await page.getByLabel('Password', { exact: true }).fill(' '.repeat(12));
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('alert').getByText('Password cannot be only spaces').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // The page that says no still has its meter, for the next try.
    await page.locator('#password-strength').waitFor({ state: 'visible' });
    await expectAccessible(page, 'invite page refusing a blank password');
    await context.close();
  });
});
