import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { startDesktopHost, type DesktopHost } from './desktop-host.js';
import { saveScreenshot, startE2E, toast, type E2E } from './harness.js';
import { detailPillarScores, expectDetailScoresIn, readPdf } from './pdf-report.js';
import { createAdmin, TEST_PASSWORD } from './sign-in.js';
import { submitAssessment, type Submitter } from './submissions-seed.js';
import { adminTopBarBoxes, outside, overlapping } from './top-bar-boxes.js';

const ACME = 'acme-msp.example';
const person = (first: string, company: string, domain: string): Submitter => ({
  first_name: first,
  last_name: 'Tester',
  email_address: `${first.toLowerCase()}@${domain}`,
  company,
});

async function screenshot(host: DesktopHost, name: string): Promise<void> {
  // As a person sees it: nothing still loading, no focus ring left by the test's last click.
  await host.page.locator('.bp6-spinner').first().waitFor({ state: 'detached' });
  await host.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await host.page.waitForFunction(
    () =>
      document.querySelector(
        '.bp6-overlay-appear-active, .bp6-overlay-enter-active, .bp6-overlay-exit-active',
      ) === null,
  );
  await saveScreenshot(host.page, `${name}.png`);
  await expectAccessible(host.page, name);
}

describe('desktop admin client: its renderer bundle in Chromium against the real server', () => {
  let e2e: E2E;
  let admin: UserRow;
  const hosts: DesktopHost[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
    await submitAssessment(e2e.server, person('Ada', 'Acme MSP', ACME), 'last');
    await submitAssessment(e2e.server, person('Bo', 'Acme MSP', ACME), 'first');
    await submitAssessment(e2e.server, person('Zed', 'Northwind IT', 'northwind-it.example'));
  });
  afterAll(async () => {
    for (const host of hosts) await host.close();
    await e2e?.close();
  });

  async function startHost(
    options: { theme?: 'light' | 'dark'; storeTheme?: boolean } = {},
  ): Promise<DesktopHost> {
    const host = await startDesktopHost(e2e.browser, options);
    hosts.push(host);
    return host;
  }

  /** First run: the server address screen, then the admin's sign-in prompt. */
  async function connect(host: DesktopHost): Promise<void> {
    const { page } = host;
    await page.getByRole('heading', { name: 'Connect to your server' }).waitFor();
    await page.getByLabel('Server address').fill(e2e.baseUrl);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('link', { name: 'Login to Admin Portal' }).waitFor();
  }

  /** Signs in through the server's own page in the sign-in window, as the admin would. */
  async function signIn(host: DesktopHost): Promise<void> {
    const { page } = host;
    const window = host.nextSignInWindow();
    await page.getByRole('link', { name: 'Login to Admin Portal' }).click();
    const signInPage = await window;
    expect(new URL(signInPage.url()).pathname).toBe('/api/login');
    // Without single sign-on the window may show the server alone: a page sending it elsewhere
    // (a look-alike asking for the password) gets nowhere.
    expect(host.record.signInOrigins.at(-1)).toEqual([e2e.baseUrl]);
    const refused = host.record.refusedNavigations.length;
    await signInPage.evaluate(() => {
      location.href = 'https://sign-in.evil.example/login';
    });
    await expect.poll(() => host.record.refusedNavigations.length).toBe(refused + 1);
    expect(host.record.refusedNavigations.at(-1)).toBe('https://sign-in.evil.example/login');
    expect(signInPage.url()).toBe(`${e2e.baseUrl}/api/login`);
    await signInPage.getByLabel('Email').fill(admin.email);
    await signInPage.getByLabel('Password').fill(TEST_PASSWORD);
    const closed = signInPage.waitForEvent('close');
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    // The window closes on the portal, and the app starts again on the signed-in session. If it
    // does not, the page it stayed on says why.
    await closed.catch(async (error: unknown) => {
      const stayedOn = signInPage.isClosed()
        ? '(closed)'
        : `${signInPage.url()}: ${(
            await signInPage
              .locator('body')
              .innerText()
              .catch(() => '')
          ).slice(0, 500)}`;
      throw new Error(`The sign-in window stayed open on ${stayedOn}`, { cause: error });
    });
    await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
  }

  it('opens in the system’s preference while the admin has chosen no theme', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const host = await startHost({ theme, storeTheme: false });
      const { page } = host;
      await page.getByRole('heading', { name: 'Connect to your server' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(theme === 'dark');
      expect(await page.evaluate(() => localStorage.getItem('msp-ui-theme'))).toBeNull();
    }
  });

  it('refuses a remote http address and an unreachable server, saying why', async () => {
    const host = await startHost({ theme: 'light' });
    const { page } = host;
    const field = page.getByLabel('Server address');
    await page.getByRole('heading', { name: 'Connect to your server' }).waitFor();
    await screenshot(host, 'desktop-server-address-1280-light');

    await field.fill('http://assess.example.com');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page
      .getByText(
        'Plain http is allowed only for this computer (localhost). Use https://assess.example.com instead.',
      )
      .waitFor();

    // A port nothing listens on.
    await field.fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page
      .getByText(
        'Could not reach http://127.0.0.1:9: nothing answers at that address and port (connection refused).',
      )
      .waitFor();
    await screenshot(host, 'desktop-server-address-error-1280-light');

    // An address copied from a browser's bar, with a page's path: the server's root is used.
    await field.fill(`${e2e.baseUrl}/admin/submissions`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('link', { name: 'Login to Admin Portal' }).waitFor();
    expect(host.main.serverUrl()).toBe(e2e.baseUrl);
  });

  it('signs in through the server’s page, and saves a filtered XLSX export to the chosen folder', async () => {
    const host = await startHost({ theme: 'dark' });
    const { page } = host;
    await page.getByRole('heading', { name: 'Connect to your server' }).waitFor();
    await screenshot(host, 'desktop-server-address-1280-dark');
    await connect(host);
    await signIn(host);
    await screenshot(host, 'desktop-admin-dashboard-1280-dark');
    // At the window's narrowest (720 px) the top bar still draws nothing over anything else.
    await page.setViewportSize({ width: 720, height: 860 });
    const boxes = await adminTopBarBoxes(page);
    expect(overlapping(boxes)).toEqual([]);
    expect(outside(boxes, 720)).toEqual([]);
    await screenshot(host, 'desktop-admin-dashboard-720-dark');
    await page.setViewportSize({ width: 1280, height: 860 });

    // The desktop mounts the same admin: its Settings screen is there too, one tab away.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Provider and links' }).waitFor();
    await screenshot(host, 'desktop-admin-settings-1280-dark');

    // And In progress, the saved drafts: none saved here, so its empty state.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'In progress' })
      .click();
    await page.getByRole('heading', { name: /^In progress/, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No one has saved an unfinished assessment' }).waitFor();
    await screenshot(host, 'desktop-admin-drafts-1280-dark');

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Submissions' })
      .click();
    await page.getByRole('heading', { name: /^Assessment Submissions/, level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Submissions' }).getByRole('button').first().waitFor();
    await screenshot(host, 'desktop-admin-submissions-1280-dark');

    // The filter: Acme's domain, one row per submission, as XLSX.
    await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Submissions' });
    await dialog.getByLabel('Domain').selectOption(ACME);
    await dialog.getByText('Excel (XLSX)').click();
    await dialog.getByRole('button', { name: 'Export' }).click();

    const toast = page.locator('.bp6-toast');
    await toast.getByText(/^Saved as submissions-acme-msp\.example-\d{4}-\d{2}-\d{2}\.xlsx$/).waitFor();
    const [fileName] = host.record.saveDialogs;
    expect(fileName).toMatch(/\.xlsx$/);
    const saved = path.join(host.saveDir, fileName!);
    // Only the file itself: no temporary file left beside it.
    expect(fs.readdirSync(host.saveDir)).toEqual([fileName]);
    // The taskbar showed the save's progress and was cleared after it.
    expect(host.record.taskbar.length).toBeGreaterThan(1);
    expect(host.record.taskbar.at(-1)).toBeNull();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const sheet = workbook.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
    expect(cells).toContain(`ada@${ACME}`);
    expect(cells).toContain(`bo@${ACME}`);
    expect(cells).not.toContain('zed@northwind-it.example');
    // A header row and one row each for Ada and Bo.
    expect(sheet.actualRowCount).toBe(3);

    await toast.getByRole('button', { name: 'Show in folder' }).click();
    await expect.poll(() => host.record.showInFolder).toEqual([saved]);

    // A filter that matches nothing: the dialog says so, and no file is written.
    await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
    await dialog.getByLabel('Domain').selectOption(ACME);
    await dialog.getByLabel('Start date').fill('2099-01-01');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText(/^No submissions match this export/)
      .waitFor();
    expect(fs.readdirSync(host.saveDir)).toEqual([fileName]);
  });

  it('saves the content backup, sends its CSRF token on writes, and signs out to a cleared session', async () => {
    const host = await startHost({ theme: 'light' });
    const { page } = host;
    await connect(host);
    await signIn(host);
    await screenshot(host, 'desktop-admin-dashboard-1280-light');

    // The content backup: bytes the renderer already holds, handed to main to write.
    await page.getByRole('button', { name: 'Export content' }).click();
    await page
      .locator('.bp6-toast')
      .getByText(/^Saved as .+\.json$/)
      .waitFor();
    const [backupName] = host.record.saveDialogs;
    const backup = JSON.parse(fs.readFileSync(path.join(host.saveDir, backupName!), 'utf8')) as {
      pillars: unknown[];
    };
    expect(backup.pillars).toHaveLength(6);

    // A write through the forwarding: the server refuses it without the CSRF header.
    const victim = await submitAssessment(e2e.server, person('Del', 'Gone MSP', 'gone.example'));
    await page.goto(page.url().replace(/\/admin.*$/, `/admin/submissions?id=${victim.id}`));
    const detail = page.getByRole('region', { name: 'Submission detail' });
    await detail.getByRole('heading', { name: 'Del Tester', level: 2 }).waitFor();
    await detail.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Submission' }).click();
    await page.locator('.bp6-toast').getByText('Submission deleted successfully').waitFor();
    expect(await e2e.database.db('submissions').where({ id: victim.id }).first()).toBeUndefined();

    await page.getByRole('link', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login to Admin Portal' }).waitFor();
    expect(await host.context.cookies(e2e.baseUrl)).toEqual([]);
  });

  it('saves a submission’s PDF report through the save dialog, and says so when it was deleted meanwhile', async () => {
    const host = await startHost({ theme: 'light' });
    const { page } = host;
    await connect(host);
    await signIn(host);
    const { id } = await submitAssessment(e2e.server, person('Rea', 'Report MSP', 'report-msp.example'));
    await page.goto(page.url().replace(/\/admin.*$/, `/admin/submissions?id=${id}`));
    const detail = page.getByRole('region', { name: 'Submission detail' });
    await detail.getByRole('heading', { name: 'Rea Tester', level: 2 }).waitFor();
    const scores = await detailPillarScores(page);

    const button = detail.getByRole('button', { name: 'Download PDF report' });
    await button.click();
    await toast(page, 'PDF report saved').waitFor();
    const fileName = host.record.saveDialogs.at(-1)!;
    expect(fileName).toMatch(/^msp-automation-report-report-msp-\d{4}-\d{2}-\d{2}\.pdf$/);
    await toast(page, `Saved as ${fileName}`).waitFor();
    const bytes = fs.readFileSync(path.join(host.saveDir, fileName));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.text).toContain('Report MSP');
    expectDetailScoresIn(pdf, scores);
    await screenshot(host, 'desktop-admin-submission-report-1280-light');

    // Deleted from another window meanwhile: the dialog was answered, the server refuses, nothing is written.
    await e2e.database.db('submissions').where({ id }).delete();
    await button.click();
    await toast(page, 'Error').waitFor();
    await detail.getByRole('heading', { name: 'Submission not found' }).waitFor();
    expect(fs.readdirSync(host.saveDir)).toEqual([fileName]);
  });
});
