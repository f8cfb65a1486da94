import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { VIEWS, startE2E, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment } from './submissions-seed.js';

/** The admin reads which language each submission was taken in, and narrows the list and export by it. */
describe('the submissions screen by language, in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
    await submitAssessment(e2e.server, {
      first_name: 'Ann',
      last_name: 'English',
      email_address: 'ann@en.example',
      company: 'English MSP',
    });
    await submitAssessment(
      e2e.server,
      { first_name: 'Dora', last_name: 'Deutsch', email_address: 'dora@de.example', company: 'Deutsch MSP' },
      'middle',
      undefined,
      'de',
    );
  }, 120_000);
  afterAll(() => e2e?.close());

  it('shows each submission’s language and filters the list by it, kept in the URL, at every width and theme', async () => {
    for (const [width, theme] of VIEWS) {
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
      await signIn(page, admin.email, '/admin/submissions');
      const rows = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.filter({ hasText: 'Dora Deutsch' }).textContent()).toContain('Language German');
      expect(await rows.filter({ hasText: 'Ann English' }).textContent()).toContain('Language English');

      const filter = page.getByLabel('Filter by language');
      expect(await filter.locator('option').allTextContents()).toEqual([
        'All languages',
        'English (en)',
        'German (de)',
      ]);
      await filter.selectOption('de');
      await page.waitForURL(/language=de/);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('Dora Deutsch');
      await expect.poll(() => page.locator('.submissions-total').textContent()).toBe('1 matching submission');
      await expectAccessible(page, `submissions-language-${width}-${theme}`);
      await e2e.screenshot(page, `admin-submissions-language-${width}-${theme}`);

      // A reload keeps the filter; the detail names the language.
      await page.reload();
      expect(await page.getByLabel('Filter by language').inputValue()).toBe('de');
      await rows.first().getByRole('button').click();
      const detail = page.getByRole('region', { name: 'Submission detail' });
      await detail.getByText('Taken in German (de)').waitFor();
      await e2e.screenshot(page, `admin-submissions-language-detail-${width}-${theme}`);
      await context.close();
    }
  });

  it('says why a language’s list is empty, and clears it', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light' });
    await signIn(page, admin.email, '/admin/submissions?language=fr');
    await page.getByText('No submission was taken in French (fr).').waitFor();
    // A language no longer offered still shows as chosen.
    expect(await page.getByLabel('Filter by language').inputValue()).toBe('fr');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.search.includes('language'));
    await expect
      .poll(() => page.getByRole('list', { name: 'Submissions' }).getByRole('listitem').count())
      .toBe(2);
    await context.close();
  });

  it('exports the list’s language, with a Language column, from the dialog’s own choice', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'dark', colorScheme: 'dark' });
    await signIn(page, admin.email, '/admin/submissions?language=de');
    await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Submissions' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Language').inputValue()).toBe('de');
    await e2e.screenshot(page, 'admin-submissions-export-language-1280-dark');
    await expectAccessible(page, 'admin-submissions-export-language-1280-dark');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    const [header, ...rows] = parse(fs.readFileSync(await download.path(), 'utf8'), {
      bom: true,
    }) as string[][];
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf('Language')]).toBe('de');
    expect(rows[0]![header!.indexOf('Email Address')]).toBe('dora@de.example');
    await dialog.waitFor({ state: 'detached' });

    // Every language, chosen in the dialog itself.
    await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Language').selectOption('');
    const [everyone] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    const all = parse(fs.readFileSync(await everyone.path(), 'utf8'), { bom: true }) as string[][];
    const at = all[0]!.indexOf('Language');
    expect(
      all
        .slice(1)
        .map((row) => row[at])
        .sort(),
    ).toEqual(['de', 'en']);
    await context.close();
  });

  it('narrows the analytics by source to one language', async () => {
    const { context, page } = await e2e.newPage({ width: 390, theme: 'light' });
    await signIn(page, admin.email, '/admin/analytics');
    const card = page.getByRole('region', { name: 'Submissions by source' });
    await card.getByLabel('Show').selectOption('languages');
    await card.getByRole('rowheader', { name: 'German (de)' }).waitFor();
    await card.getByRole('rowheader', { name: 'English (en)' }).waitFor();
    await card.getByLabel('Language', { exact: true }).selectOption('de');
    await card.getByText('1 submissions taken in German (de)', { exact: false }).waitFor();
    await expect.poll(() => card.getByRole('rowheader', { name: 'English (en)' }).count()).toBe(0);
    await e2e.screenshot(page, 'admin-analytics-language-390-light');
    await expectAccessible(page, 'admin-analytics-language-390-light');
    await context.close();
  });
});
