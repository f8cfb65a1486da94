import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.js';

describe('public pages in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('landing page shows every section and starts the assessment', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await e2e.newPage({ width, theme: 'dark' });
      await page.goto('/');
      await expect(
        page.getByRole('heading', { name: "Measure Your MSP's Automation Maturity" }).isVisible(),
      ).resolves.toBe(true);
      for (const heading of [
        'What to Expect',
        'Quantify the Problem',
        'Define the Solution',
        'Realize the Impact',
      ]) {
        await page.getByText(heading, { exact: true }).filter({ visible: true }).first().waitFor();
      }
      for (const point of [
        '6-Pillar Evaluation',
        'Instant Analysis',
        'Personalized Roadmap',
        'Benchmark Comparison',
      ]) {
        await page.getByText(point).filter({ visible: true }).first().waitFor();
      }
      // The benchmark is marked as coming soon.
      const benchmark = page.getByText('Benchmark Comparison').filter({ visible: true }).first();
      expect(await benchmark.locator('xpath=..').textContent()).toMatch(/Soon/i);
      // Pillar names come from the database, not from the page's code.
      await page.getByText('Leadership', { exact: true }).filter({ visible: true }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
      expect(await page.getByText('© 2025 Northwind Automation').count()).toBeGreaterThan(0);
      await e2e.screenshot(page, `landing-${width}`);
      await context.close();
    }

    const { context, page } = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.waitForURL('**/assessment');
    await page.getByText('First, tell us about yourself and your MSP').waitFor();
    await context.close();
  });

  it('matrix page shows six pillars by four levels and opens a cell in a dialog', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/matrix');
    const grid = page.getByRole('table');
    await grid.waitFor();
    for (const header of ['Level 0: None', 'Level 1: Some', 'Level 2: Advanced', 'Level 3: Mature']) {
      await grid.getByRole('columnheader', { name: new RegExp(header) }).waitFor();
    }
    expect(await grid.getByRole('rowheader').allTextContents()).toEqual([
      'Expertise',
      'Processes',
      'Alignment',
      'Leadership',
      'Tooling',
      'KPIs',
    ]);

    const processesRow = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Processes' }) });
    await processesRow.getByRole('button').nth(2).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Processes — Level 2: Advanced').waitFor();
    for (const section of ['Overview', 'Requirements', 'Examples', 'Key Metrics', 'Next Steps']) {
      await dialog.getByRole('heading', { name: section }).waitFor();
    }
    // Dash-led lines of the matrix text render as list items.
    expect(await dialog.getByRole('listitem').count()).toBeGreaterThan(4);
    await e2e.screenshot(page, 'matrix-dialog-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Keyboard: a cell is a button that Enter opens.
    await processesRow.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText('Processes — Level 0: None').waitFor();
    await context.close();
  });

  it('shows No data available for a missing cell', async () => {
    const kpis = await e2e.database.db('pillars').where({ name: 'KPIs' }).first();
    const removed = await e2e.database.db('matrix_cells').where({ pillar_id: kpis.id, level: 3 }).first();
    await e2e.database.db('matrix_cells').where({ id: removed.id }).delete();
    e2e.server.app.ctx.cache.invalidate();
    try {
      const { context, page } = await e2e.newPage();
      await page.goto('/matrix');
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'KPIs' }) });
      await row.getByText('No data available').waitFor();
      expect(await row.getByRole('button').count()).toBe(3);
      await context.close();
    } finally {
      await e2e.database.db('matrix_cells').insert(removed);
      e2e.server.app.ctx.cache.invalidate();
    }
  });

  it('keeps the chosen theme across a reload, defaulting to dark', async () => {
    const { context, page } = await e2e.newPage({ colorScheme: 'light' });
    await page.goto('/');
    // Default is dark even when the system prefers light.
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    await page.getByRole('button', { name: 'Light theme' }).click();
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(false);
    await page.reload();
    await page.getByRole('button', { name: 'Light theme', pressed: true }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('msp-ui-theme'))).toBe('"light"');

    // System follows the operating system's preference.
    await page.getByRole('button', { name: 'Follow system theme' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.body.classList.contains('bp6-dark'));
    await context.close();
  });

  it('answers an unknown path with the 404 page and status', async () => {
    const { context, page } = await e2e.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found', level: 1 }).waitFor();
    // Written for visitors, not developers.
    await page.getByText('The link may be out of date, or the address may be mistyped.').waitFor();
    expect(await page.getByText(/router/i).count()).toBe(0);
    // Blueprint's AnchorButton is a link with the role of a button.
    await page.getByRole('button', { name: 'Take the assessment' }).waitFor();
    await e2e.screenshot(page, 'not-found-1280');
    await context.close();
  });
});
