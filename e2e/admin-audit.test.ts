import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { VIEWS, startE2E, toast, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

type Theme = 'light' | 'dark';

describe('the Audit Log in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  async function openAdmin(path: string, width = 1280, theme: Theme = 'light'): Promise<Page> {
    const { page } = await e2e.newPage({ width, theme, colorScheme: theme });
    await signIn(page, admin.email, path);
    return page;
  }

  const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

  it('shows a change made on the Pillars screen, filters to it, and exports what is shown', async () => {
    const page = await openAdmin('/admin/pillars');
    await page.getByRole('button', { name: 'Add Pillar' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Audited in the browser');
    await dialog.getByLabel('Description').fill('Made to be seen in the log');
    await dialog.getByRole('button', { name: 'Create Pillar' }).click();
    await toast(page, 'Pillar created successfully').waitFor();

    const auditTab = page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit Log' });
    await auditTab.click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    // Clicked with the mouse, the tab keeps its focus but shows no ring; reached from the keyboard
    // it does.
    const focusRing = () =>
      auditTab.evaluate((tab) => ({
        focused: document.activeElement === tab,
        outline: getComputedStyle(tab).outlineStyle,
      }));
    await expect(focusRing()).resolves.toEqual({ focused: true, outline: 'none' });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(focusRing()).resolves.toEqual({ focused: true, outline: 'solid' });
    const created = rows(page).filter({ hasText: 'Created a pillar' });
    await created.waitFor();
    await expect(created.textContent()).resolves.toContain('Audited in the browser');
    await expect(created.textContent()).resolves.toContain(admin.email);
    await expect(rows(page).filter({ hasText: 'Signed in' }).count()).resolves.toBeGreaterThan(0);

    await page.getByLabel('Action').selectOption({ label: 'Created a pillar' });
    await page.waitForURL(/action=pillar\.create/);
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByText('1 record match').waitFor();

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    await toast(page, 'Audit log exported.').waitFor();
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const records = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(records.map((record) => record.Action)).toEqual(['Created a pillar']);
    expect(records[0]!.Who).toBe(admin.email);

    // The export is recorded too, with the filter it used.
    await page.getByLabel('Action').selectOption({ label: 'Exported the audit log' });
    await expect.poll(() => rows(page).count()).toBe(1);

    await page.getByLabel('Person or key').fill('nobody-by-this-name');
    await page.getByRole('heading', { name: 'No matching records' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(2);
    expect(page.url()).not.toContain('action=');
  });

  it('says when the dates are backwards, and reads well at every width and theme', async () => {
    for (const [width, theme] of VIEWS) {
      const page = await openAdmin('/admin/audit', width, theme);
      await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
      await page
        .getByRole('region', { name: 'Records' })
        .locator('tr, li')
        .filter({ hasText: 'Signed in' })
        .first()
        .waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${width} ${theme}`).toBeLessThanOrEqual(0);
      await e2e.screenshot(page, `admin-audit-${width}-${theme}`);
      await expectAccessible(page, `admin-audit-${width}-${theme}`);
      if (width === 1280) {
        await page.getByLabel('From').fill('2026-05-02');
        await page.getByLabel('To').fill('2026-05-01');
        await page.getByText('Must be on or after From').waitFor();
      }
      await page.context().close();
    }
  });
});
