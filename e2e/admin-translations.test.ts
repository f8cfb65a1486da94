import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { VIEWS, startE2E, toast, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

type Theme = 'light' | 'dark';

describe('the Translations screen in Chromium', () => {
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

  /** The row of one text, found by its unit id. */
  const row = (page: Page, unit: string) => page.locator('.translation-row').filter({ hasText: unit });
  const search = async (page: Page, text: string) => {
    await page.getByLabel('Search texts').fill(text);
    await page.waitForURL(new RegExp(`search=${encodeURIComponent(text).replace(/\./g, '\\.')}`));
  };

  it('edits a translation in place, which the public matrix shows, and an emptied one falls back', async () => {
    const page = await openAdmin('/admin/translations');
    await page.getByRole('heading', { level: 1, name: 'Translations' }).waitFor();
    await page.getByRole('heading', { name: 'German texts' }).waitFor();
    await search(page, 'pillar.processes.name');
    const processes = row(page, 'pillar.processes.name');
    const box = processes.getByLabel('German');
    await expect(box.inputValue()).resolves.toBe('Prozesse');
    await box.fill('Prozesse und Abläufe');
    await processes.getByText('Unsaved changes').waitFor();
    await page.keyboard.press('Tab');
    await processes.getByText('Saved', { exact: true }).waitFor();

    const visitor = (await e2e.newPage({ width: 1280 })).page;
    await visitor.goto('/matrix?lang=de');
    await visitor.getByText('Prozesse und Abläufe').first().waitFor();

    await box.fill('');
    await processes.getByRole('button', { name: 'Save' }).click();
    await processes.getByText('Missing', { exact: true }).waitFor();
    await expect(box.getAttribute('placeholder')).resolves.toContain('visitors read the source');
    await visitor.reload();
    await visitor.getByText('Processes', { exact: true }).first().waitFor();
    await expect(visitor.getByText('Prozesse und Abläufe').count()).resolves.toBe(0);

    // A product string that breaks its ICU message is refused where it was typed, naming why.
    await search(page, 'ui.analyst.strongestWeakest');
    const sentence = row(page, 'ui.analyst.strongestWeakest');
    await sentence.getByLabel('German').fill('Kaputt {');
    await page.keyboard.press('Tab');
    await sentence.getByText(/^Not saved: .*ICU MessageFormat/).waitFor();
    await expect(sentence.getByLabel('German').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.context().close();
    await visitor.context().close();
  });

  it('exports XLIFF and CSV and imports a file, showing a refused one’s reason', async () => {
    const page = await openAdmin('/admin/translations?language=de');
    await page.getByRole('heading', { name: 'German texts' }).waitFor();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLIFF' }).click();
    const xliff = await downloaded;
    expect(xliff.suggestedFilename()).toBe('translations-de.xlf');
    const xml = fs.readFileSync(await xliff.path(), 'utf8');
    expect(xml).toContain('srcLang="en" trgLang="de"');
    expect(xml).toContain('<unit id="pillar.processes.name">');
    await toast(page, 'Translations exported').waitFor();

    await page.getByText('Only pending texts').click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync(await (await csvDownload).path(), 'utf8');
    expect(csv.startsWith('\uFEFFunit,context,source,target')).toBe(true);

    const input = page.getByLabel('Translation file of German to import');
    await input.setInputFiles({
      name: 'translations-de.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('unit,target\r\npillar.nothing.name,Nichts\r\n'),
    });
    const refusal = page.getByRole('alert').or(page.locator('.translation-files__refusal'));
    await refusal.getByText('The file was not imported').waitFor();
    await refusal.getByText(/pillar\.nothing\.name/).waitFor();
    await expectAccessible(page, 'admin-translations-import-refused');
    await page.getByRole('button', { name: 'Dismiss' }).click();

    await input.setInputFiles({
      name: 'translations-de.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('unit,target\r\npillar.tooling.name,Werkzeuge\r\n'),
    });
    await page.locator('.bp6-toast').filter({ hasText: 'Imported 1 translation' }).waitFor();
    await search(page, 'pillar.tooling.name');
    await expect(row(page, 'pillar.tooling.name').getByLabel('German').inputValue()).resolves.toBe(
      'Werkzeuge',
    );
    await page.context().close();
  });

  it('adds and removes a language, confirms a new default, and says when only the default is left', async () => {
    const page = await openAdmin('/admin/translations');
    await page.getByRole('heading', { name: 'German texts' }).waitFor();
    await page.getByLabel('Language to add').selectOption('fr');
    await page.getByRole('button', { name: 'Add language' }).click();
    await toast(page, 'Language added').waitFor();
    await page.getByRole('heading', { name: 'French texts' }).waitFor();
    await page.waitForURL(/language=fr/);

    await page.getByRole('button', { name: 'Make default (German)' }).click();
    const promote = page.getByRole('alertdialog');
    await promote.getByText('Make German the default language?').waitFor();
    await e2e.screenshot(page, 'admin-translations-make-default');
    await expectAccessible(page, 'admin-translations-make-default dialog');
    await promote.getByRole('button', { name: 'Cancel' }).click();

    for (const name of ['French', 'German']) {
      await page.getByRole('button', { name: `Remove ${name}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(`Remove ${name}?`).waitFor();
      if (name === 'French') await expectAccessible(page, 'admin-translations-remove dialog');
      await confirm.getByRole('button', { name: 'Remove language' }).click();
      await toast(page, `${name} removed`).waitFor();
    }
    await page.getByRole('heading', { name: 'Only the default language is offered.' }).waitFor();
    await e2e.screenshot(page, 'admin-translations-empty');
    await expectAccessible(page, 'admin-translations-empty');
    await page.getByLabel('Language to add').selectOption('de');
    await page.getByRole('button', { name: 'Add language' }).click();
    await page.getByRole('heading', { name: 'German texts' }).waitFor();
    await page.context().close();
  });

  it('shows the loading and the error state of the grid', async () => {
    const page = await openAdmin('/admin/pillars');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/translations/de', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' });
    });
    await page.goto('/admin/translations?language=de');
    await page.getByRole('status', { name: 'Loading translations' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Failed to Load Translations' }).waitFor({ timeout: 30_000 });
    await e2e.screenshot(page, 'admin-translations-error');
    await expectAccessible(page, 'admin-translations-error');
    await page.context().close();
  });

  it('reads well at every width and theme', async () => {
    // German ships complete: one text taken away gives the to-do list a row whatever ran before.
    const db = e2e.database.db;
    const unit = 'pillar.processes.description';
    const removed = await db('translations').where({ language: 'de', unit }).delete().returning('*');
    await db.raw('NOTIFY msp_content_changed');
    try {
      await viewEveryWidth();
    } finally {
      if (removed.length) await db('translations').insert(removed).onConflict(['language', 'unit']).ignore();
      await db.raw('NOTIFY msp_content_changed');
    }
  });

  async function viewEveryWidth() {
    for (const [width, theme] of VIEWS) {
      const page = await openAdmin('/admin/translations?language=de&status=pending', width, theme);
      await page.getByRole('heading', { name: 'German texts' }).waitFor();
      await page.locator('.translation-row').first().waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${width} ${theme}`).toBeLessThanOrEqual(0);
      await e2e.screenshot(page, `admin-translations-${width}-${theme}`);
      await expectAccessible(page, `admin-translations-${width}-${theme}`);
      await page.context().close();
    }
  }
});
