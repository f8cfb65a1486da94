import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { horizontalOverflow, startE2E, switchTheme, toast, type E2E } from './harness.js';
import { createTestUser } from '../services-api/src/test/auth-helpers.js';
import { createAdmin, signIn, TEST_PASSWORD } from './sign-in.js';
import { submitAssessment } from './submissions-seed.js';

/** A day in the browser's calendar, `days` from today. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('The lead desk in Chromium', () => {
  let e2e: E2E;
  let avery: UserRow;
  const ids: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    avery = await createAdmin(e2e.database.db);
    const blake = await createAdmin(e2e.database.db);
    await e2e.database.db('users').where({ id: blake.id }).update({ first_name: 'Blake', last_name: 'Ng' });
    for (const first of ['Ada', 'Bo', 'Cy']) {
      const { id } = await submitAssessment(
        e2e.server,
        {
          first_name: first,
          last_name: 'Example',
          email_address: `${first.toLowerCase()}@northwind-it.example`,
          company: 'Northwind IT',
        },
        'middle',
      );
      ids.push(id);
    }
  });
  afterAll(() => e2e?.close());

  const rows = (page: Page) => page.getByRole('list', { name: 'Submissions' }).locator(':scope > li');
  const lead = (page: Page) => page.getByRole('region', { name: 'Submission detail' });

  it('works a lead: status, owner, next step and notes, then several at once, then the statuses themselves', async () => {
    const { page } = await e2e.newPage({ width: 1280, theme: 'light', colorScheme: 'light' });
    await signIn(page, avery.email, `/admin/submissions?id=${ids[0]}`);
    const detail = lead(page);
    await detail.getByRole('heading', { name: 'Lead' }).waitFor();

    await detail.getByLabel('Status').selectOption({ label: 'Contacted' });
    await toast(page, 'Lead updated').waitFor();
    await detail.getByLabel('Owner').selectOption({ label: 'Blake Ng' });
    await expect.poll(() => detail.getByLabel('Owner').inputValue()).not.toBe('');
    // Its label is followed by the step's tag (Overdue...) once there is one.
    await detail.getByLabel(/^Next step/).fill(dayFromToday(-1));
    await detail.getByText('Overdue', { exact: true }).waitFor();

    // A note is text, whatever it holds.
    const markup = '<b>Call back</b> on Tuesday';
    await detail.getByLabel('Add a note').fill(markup);
    await detail.getByRole('button', { name: 'Add note' }).click();
    const notes = detail.getByRole('list', { name: 'Notes' });
    await notes.getByText(markup, { exact: true }).waitFor();
    expect(await notes.locator('b').count()).toBe(0);
    await notes.getByRole('button', { name: /^Correct your note/ }).click();
    await detail.getByLabel('Corrected note').fill('Call back on Tuesday at 10');
    await detail.getByRole('button', { name: 'Save', exact: true }).click();
    await notes.getByText('Call back on Tuesday at 10', { exact: true }).waitFor();
    await notes.getByText('edited', { exact: true }).waitFor();

    // The row says the same.
    const adaRow = rows(page).filter({ hasText: 'Ada Example' });
    await adaRow.getByText('Owner Blake Ng').waitFor();
    await adaRow.getByText(/^Overdue: /).waitFor();
    await adaRow.getByText('1 note').waitFor();
    await e2e.screenshot(page, 'lead-desk-1280-light');
    await expectAccessible(page, 'lead-desk-1280-light');

    // Filtered by status, then the page's three at once.
    await page.getByLabel('Filter by lead status').selectOption({ label: 'Contacted' });
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByLabel('Filter by lead status').selectOption({ label: 'All statuses' });
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.getByText('Select all on this page').click();
    await page.getByText('3 selected').waitFor();
    await page.getByLabel('Status for the selected submissions').selectOption({ label: 'Qualified' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await toast(page, '3 leads updated').waitFor();
    await expect.poll(() => rows(page).filter({ hasText: 'Qualified' }).count()).toBe(3);

    // The statuses: Qualified becomes Demo booked, and a new one is added.
    await page.getByRole('button', { name: 'Lead statuses' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lead statuses' });
    await dialog.getByLabel('Status 3 name').fill('Demo booked');
    await dialog.getByRole('button', { name: 'Add a status' }).click();
    await dialog.getByLabel('Status 6 name').fill('Proposal sent');
    await e2e.screenshot(page, 'lead-statuses-1280-light');
    await expectAccessible(page, 'lead-statuses-1280-light');
    await dialog.getByRole('button', { name: 'Save statuses' }).click();
    await toast(page, 'Lead statuses saved').waitFor();
    await expect.poll(() => rows(page).filter({ hasText: 'Demo booked' }).count()).toBe(3);

    await switchTheme(page, 'Dark');
    await e2e.screenshot(page, 'lead-desk-1280-dark');
    await expectAccessible(page, 'lead-desk-1280-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page), 'detail at 390').toBe(0);
    await e2e.screenshot(page, 'lead-desk-390-dark');
    await switchTheme(page, 'Light');
    await e2e.screenshot(page, 'lead-desk-390-light');
    await page.getByRole('button', { name: 'Back to submissions' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await horizontalOverflow(page), 'list at 390').toBe(0);
    await e2e.screenshot(page, 'lead-desk-list-390-light');
  });

  it('opens the desk to every role: a User reads it, Sales works it, and neither reaches an admin’s screens', async () => {
    const uma = await createTestUser(e2e.database.db, {
      email: 'uma.user@msp.example',
      firstName: 'Uma',
      role: 'user',
      status: 'approved',
      password: TEST_PASSWORD,
    });
    const sam = await createTestUser(e2e.database.db, {
      email: 'sam.sales@msp.example',
      firstName: 'Sam',
      role: 'sales',
      status: 'approved',
      password: TEST_PASSWORD,
    });

    // A User: the portal's home is the desk; its lead reads as text; no ticks, notes box or admin buttons.
    const reader = await e2e.newPage({ width: 1280, theme: 'light', colorScheme: 'light' });
    await signIn(reader.page, uma.email);
    await reader.page.waitForURL((url) => url.pathname === '/admin/submissions');
    const tabs = reader.page.getByRole('navigation', { name: 'Admin sections' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Submissions']);
    await expect.poll(() => rows(reader.page).count()).toBe(3);
    await rows(reader.page).filter({ hasText: 'Bo Example' }).getByRole('button').click();
    const detail = lead(reader.page);
    await detail.getByRole('heading', { name: 'Lead' }).waitFor();
    await detail.getByText('Status', { exact: true }).waitFor();
    expect(await detail.getByRole('combobox').count()).toBe(0);
    expect(await detail.getByLabel('Add a note').count()).toBe(0);
    expect(await reader.page.getByRole('checkbox').count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: 'Export CSV / XLSX' }).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: 'Lead statuses' }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await e2e.screenshot(reader.page, 'lead-desk-user-role-1280-light');
    await expectAccessible(reader.page, 'lead-desk-user-role-1280-light');
    // An admin's screen, by its address: why not, and the way back.
    await reader.page.goto('/admin/users');
    await reader.page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await reader.page.getByRole('link', { name: 'Go to submissions' }).waitFor();
    // Their own notifications are theirs to choose.
    await reader.page.getByRole('link', { name: /Uma/ }).click();
    await reader.page.getByRole('heading', { name: 'My notifications' }).waitFor();
    await reader.context.close();

    // Sales: works the lead (status, owner, notes) and may own one, but edits no statuses.
    const seller = await e2e.newPage({ width: 390, theme: 'dark', colorScheme: 'dark' });
    await signIn(seller.page, sam.email, `/admin/submissions?id=${ids[2]}`);
    const desk = lead(seller.page);
    await desk.getByLabel('Owner').selectOption({ label: 'Sam User' });
    await toast(seller.page, 'Lead updated').waitFor();
    await desk.getByLabel('Add a note').fill('Left a voicemail');
    await desk.getByRole('button', { name: 'Add note' }).click();
    await desk.getByRole('list', { name: 'Notes' }).getByText('Left a voicemail', { exact: true }).waitFor();
    expect(await seller.page.getByRole('button', { name: 'Lead statuses' }).count()).toBe(0);
    expect(await horizontalOverflow(seller.page), 'sales detail at 390').toBe(0);
    await e2e.screenshot(seller.page, 'lead-desk-sales-role-390-dark');
    await expectAccessible(seller.page, 'lead-desk-sales-role-390-dark');
    const saved = await e2e.database
      .db('submissions')
      .where({ id: ids[2] })
      .first('lead_owner_id', 'note_count');
    expect(saved).toEqual({ lead_owner_id: sam.id, note_count: 1 });
    await seller.context.close();
  });
});
