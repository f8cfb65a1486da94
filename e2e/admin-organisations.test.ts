import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { horizontalOverflow, startE2E, switchTheme, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { backdateSubmission, monthsAgo, submitAssessment } from './submissions-seed.js';

const NORTHWIND = 'northwind-it.example';

describe('Organisations in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
    const at = (first: string, domain: string) => ({
      first_name: first,
      last_name: 'Example',
      email_address: `${first.toLowerCase()}@${domain}`,
      company: domain,
    });
    // Northwind's three disagree (first, middle and last answers), over three months.
    const picks = [
      ['Ada', 'last', 2],
      ['Bo', 'first', 1],
      ['Cy', 'middle', 0],
    ] as const;
    for (const [first, pick, months] of picks) {
      const { id } = await submitAssessment(e2e.server, at(first, NORTHWIND), pick);
      await backdateSubmission(e2e.database.db, id, monthsAgo(months));
    }
    await submitAssessment(e2e.server, at('Dee', 'contoso-managed-services.example'), 'middle');
    await submitAssessment(e2e.server, at('Eve', 'gmail.com'), 'middle');
    await e2e.database.db('verified_visitors').insert({ email: `ada@${NORTHWIND}`, domain: NORTHWIND });
  });
  afterAll(() => e2e?.close());

  const rows = (page: Page) => page.getByRole('table', { name: 'Organisations' }).locator('tbody tr');

  it('lists the organisations, searches them, and opens one with its members, spread and history', async () => {
    const { page } = await e2e.newPage({ width: 1280, theme: 'light', colorScheme: 'light' });
    await signIn(page, admin.email, '/admin/organisations');
    await page.getByRole('heading', { name: /^Organisations/, level: 1 }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    // Free mail never forms an organisation.
    expect(await page.getByRole('table', { name: 'Organisations' }).textContent()).not.toContain('gmail.com');

    // Sorted by members, most first, by the heading's button (the keyboard's way in).
    await page.getByRole('button', { name: 'Members' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=members/);
    // Polled: the address changes first and the heading's sort once the sorted list has been read;
    // Northwind may lead the list before it is sorted.
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Members' }).getAttribute('aria-sort'))
      .toBe('descending');
    await expect.poll(async () => rows(page).first().textContent()).toContain(NORTHWIND);

    await page.getByRole('searchbox', { name: 'Search' }).fill('NORTH');
    await page.waitForURL(/[?&]search=NORTH/);
    await expect.poll(() => rows(page).count()).toBe(1);
    await e2e.screenshot(page, 'admin-organisations-1280-light');
    await expectAccessible(page, 'admin-organisations-1280-light');

    await rows(page).first().getByRole('link', { name: NORTHWIND }).click();
    await page.getByRole('heading', { name: NORTHWIND, level: 1 }).waitFor();
    const members = page.getByRole('table', { name: 'Members and their submissions' }).locator('tbody tr');
    await expect.poll(() => members.count()).toBe(3);
    expect(
      await members
        .filter({ hasText: `ada@${NORTHWIND}` })
        .getByText('Verified')
        .count(),
    ).toBe(1);
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(1);
    // The spread: the first and last answers are three levels apart on every pillar.
    const spread = page.getByRole('region', { name: 'Spread per pillar' });
    expect(await spread.getByText(', 0–3').count()).toBeGreaterThan(0);
    await page
      .getByRole('region', { name: 'History' })
      .getByRole('img', { name: /Team level by month/ })
      .waitFor();
    // Each submission links to its detail.
    const link = members.first().getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(/\/admin\/submissions\?id=[0-9a-f-]{36}$/);
    await e2e.screenshot(page, 'admin-organisation-1280-light');
    await expectAccessible(page, 'admin-organisation-1280-light');
    await switchTheme(page, 'Dark');
    await e2e.screenshot(page, 'admin-organisation-1280-dark');

    // On a phone: nothing wider than the window, the detail nor the list.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page), 'detail at 390').toBe(0);
    await e2e.screenshot(page, 'admin-organisation-390-dark');
    await switchTheme(page, 'Light');
    await e2e.screenshot(page, 'admin-organisation-390-light');
    await page.getByRole('button', { name: 'All organisations' }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await horizontalOverflow(page), 'list at 390').toBe(0);
    await e2e.screenshot(page, 'admin-organisations-390-light');
    await switchTheme(page, 'Dark');
    await e2e.screenshot(page, 'admin-organisations-390-dark');
  });

  it("pages a large organisation's members, 25 at a time, while its figures count them all", async () => {
    const domain = 'fabrikam-msp.example';
    for (let index = 1; index <= 27; index += 1) {
      const first = `Member${String(index).padStart(2, '0')}`;
      await submitAssessment(
        e2e.server,
        {
          first_name: first,
          last_name: 'Example',
          email_address: `${first.toLowerCase()}@${domain}`,
          company: domain,
        },
        'middle',
      );
    }
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'dark', colorScheme: 'dark' });
    await signIn(page, admin.email, `/admin/organisations?domain=${domain}`);
    await page.getByRole('heading', { name: domain, level: 1 }).waitFor();
    const members = page.getByRole('table', { name: 'Members and their submissions' }).locator('tbody tr');
    await expect.poll(() => members.count()).toBe(25);
    const pages = page.getByRole('navigation', { name: 'Pages of members' });
    await pages.getByText('1–25 of 27').waitFor();
    // Most recently assessed first: the last to submit heads the first page.
    expect(await members.first().textContent()).toContain('Member27');
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('26–27 of 27').waitFor();
    await expect.poll(() => members.count()).toBe(2);
    expect(await members.last().textContent()).toContain('Member01');
    // The organisation's own figures count every member, whichever page is shown.
    await page.getByText('27 (0 verified)', { exact: true }).waitFor();
    await expectAccessible(page, 'admin-organisation-members-page-2');
    await context.close();
  });
});
