import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { VIEWS, startE2E, toast, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment } from './submissions-seed.js';

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48"><script>alert(1)</script>' +
  '<rect width="160" height="48" rx="8" fill="#0b7a5a"/><circle cx="24" cy="24" r="14" fill="#ffffff"/></svg>';

describe('branding on the Settings screen in Chromium: logo, accent, report cover preview, results page', () => {
  let e2e: E2E;
  let admin: UserRow;
  let files: string;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db, 'brand.admin@msp.example');
    files = await mkdtemp(path.join(tmpdir(), 'brand-e2e-'));
    await writeFile(path.join(files, 'logo.svg'), LOGO_SVG);
    const png = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#c0392b"/></svg>',
    )
      .render()
      .asPng();
    await writeFile(path.join(files, 'logo.png'), png);
    await writeFile(path.join(files, 'notes.txt'), 'not a picture');
  });
  afterAll(async () => {
    await e2e?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  const openSettings = async (width: number, theme: 'light' | 'dark') => {
    const { context, page } = await e2e.newPage({ width, height: 900, theme, colorScheme: theme });
    await signIn(page, admin.email, '/admin/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    return { context, page };
  };
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const cover = (page: Page) => page.getByRole('img', { name: /^Preview of the report cover/ });

  it('uploads a PNG, then an SVG whose script is gone, and refuses a text file at the field', async () => {
    const { context, page } = await openSettings(1280, 'light');
    const branding = region(page, 'Branding');
    await branding.getByText('No logo').waitFor();
    const chooser = branding.getByLabel('Logo');

    await chooser.setInputFiles(path.join(files, 'notes.txt'));
    await branding.getByText('Choose a PNG or SVG file.').waitFor();

    await chooser.setInputFiles(path.join(files, 'logo.png'));
    await toast(page, 'Logo uploaded').waitFor();
    await branding.getByRole('img', { name: 'The current logo' }).waitFor();
    const first = await e2e.database.db('branding_logo').first();
    expect(first).toMatchObject({ width: 200, height: 60, uploaded_type: 'image/png' });

    await chooser.setInputFiles(path.join(files, 'logo.svg'));
    await page.waitForFunction(() => document.querySelectorAll('.logo-field__preview img').length === 1);
    const stored = await waitForLogo(e2e, 'image/svg+xml');
    expect(stored.png.subarray(1, 4).toString()).toBe('PNG');
    expect(stored.png.includes('script')).toBe(false);
    // The cover preview draws the stored logo.
    await cover(page).locator('image').waitFor();
    expect(await e2e.database.db('audit_events').where('action', 'branding.logo_upload')).toHaveLength(2);
    await context.close();
  });

  it('redraws the cover as the accent and paper are changed, before saving; a bad colour is refused at its field', async () => {
    const { context, page } = await openSettings(1280, 'light');
    const branding = region(page, 'Branding');
    const hex = branding.locator('input[name="accentColor"]');
    expect(await cover(page).getAttribute('data-accent')).toBe('#215db0');

    await hex.fill('#0b7a5a');
    await page.waitForFunction(
      () => document.querySelector('.cover-preview')?.getAttribute('data-accent') === '#0b7a5a',
    );
    expect(await cover(page).locator('.cover-preview__band').getAttribute('fill')).toBe('#0b7a5a');
    // The short form means the same colour.
    await hex.fill('#0B7');
    await page.waitForFunction(
      () => document.querySelector('.cover-preview')?.getAttribute('data-accent') === '#00bb77',
    );
    const a4 = await cover(page).getAttribute('viewBox');
    await region(page, 'Report').getByText('US Letter', { exact: true }).click();
    await page.waitForFunction(
      () => document.querySelector('.cover-preview')?.getAttribute('data-paper') === 'letter',
    );
    expect(await cover(page).getAttribute('viewBox')).not.toBe(a4);
    // The picker and the text are one setting.
    expect(await branding.getByLabel('Accent colour: colour picker').inputValue()).toBe('#00bb77');
    // Nothing is saved by typing.
    expect(await e2e.database.db('site_settings').where({ key: 'accentColor' })).toEqual([]);

    await hex.fill('green');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await branding.getByText('must be a colour such as #215db0').waitFor();
    expect(await e2e.database.db('site_settings').where({ key: 'accentColor' })).toEqual([]);

    await hex.fill('#0b7a5a');
    await region(page, 'Report').getByText('Link to the PDF', { exact: true }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings saved successfully').waitFor();
    const saved = await e2e.database.db('site_settings').orderBy('key').select('key', 'value');
    expect(saved).toEqual([
      { key: 'accentColor', value: '#0b7a5a' },
      { key: 'reportInEmail', value: 'link' },
      { key: 'reportPaperSize', value: 'letter' },
    ]);
    await context.close();
  });

  it('looks right and passes axe at every width and theme', async () => {
    for (const [width, theme] of VIEWS) {
      const { context, page } = await openSettings(width, theme);
      await region(page, 'Branding').getByRole('img', { name: 'The current logo' }).waitFor();
      await cover(page).locator('image').waitFor();
      await region(page, 'Branding').scrollIntoViewIfNeeded();
      await e2e.screenshot(page, `admin-settings-branding-${width}-${theme}`);
      await expectAccessible(page, `settings branding ${width}-${theme}`);
      await context.close();
    }
  });

  it('shows the logo and the accent on the results page, readable in both themes', async () => {
    const { id } = await submitAssessment(e2e.server, {
      first_name: 'Robin',
      last_name: 'Brand',
      email_address: 'robin@brand-msp.example',
      company: 'Brand MSP',
    });
    for (const [width, theme] of VIEWS) {
      const { context, page } = await e2e.newPage({ width, height: 900, theme, colorScheme: theme });
      await page.goto(`/results/${id}`);
      const logo = page.locator('.results__logo');
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toMatch(/^\/api\/branding\/logo\/[0-9a-f]{64}$/);
      expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      const accent = await page
        .locator('.results--branded')
        .evaluate((element) => getComputedStyle(element).getPropertyValue('--accent').trim());
      expect(accent).toBe(theme === 'light' ? '#0b7a5a' : accent);
      if (theme === 'dark') expect(accent).not.toBe('#0b7a5a');
      await page.getByRole('link', { name: /Learn About/ }).waitFor();
      await e2e.screenshot(page, `results-branded-${width}-${theme}`);
      await expectAccessible(page, `branded results ${width}-${theme}`);
      await context.close();
    }
  });

  it('removes the logo: gone from the preview and the results page', async () => {
    const { context, page } = await openSettings(1280, 'dark');
    await region(page, 'Branding').getByRole('button', { name: 'Remove logo' }).click();
    await toast(page, 'Logo removed').waitFor();
    await region(page, 'Branding').getByText('No logo').waitFor();
    expect(await cover(page).locator('image').count()).toBe(0);
    expect(await e2e.database.db('branding_logo')).toEqual([]);
    // Without a logo the preview says so, readable on its white ground in the dark theme too.
    await expectAccessible(page, 'settings without a logo 1280-dark');
    await context.close();
  });
});

/** The stored logo once it is of `type` (the upload answers before the page shows it). */
async function waitForLogo(e2e: E2E, type: string): Promise<{ png: Buffer }> {
  for (let tries = 0; tries < 100; tries++) {
    const row = (await e2e.database.db('branding_logo').first()) as
      { png: Buffer; uploaded_type: string } | undefined;
    if (row?.uploaded_type === type) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${type} logo was stored`);
}
