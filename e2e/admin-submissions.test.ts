import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { startWebhookReceiver, type WebhookReceiver } from '../services-api/src/test/webhook-receiver.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E, toast, VIEWS } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import {
  backdateSubmission,
  monthsAgo,
  submitAssessment,
  type AnswerPick,
  type SeededSubmission,
  type Submitter,
} from './submissions-seed.js';

type Theme = 'light' | 'dark';

const ACME = 'acme-msp.example';
const acme = (first: string, last: string): Submitter => ({
  first_name: first,
  last_name: last,
  email_address: `${first.toLowerCase()}@${ACME}`,
  company: 'Acme MSP',
});

/** 27 older submissions from other MSPs, then Acme's three, then the newest: 31 in all. */
const OTHERS = 27;
const TOTAL = OTHERS + 4;

describe('admin submissions in Chromium: list, detail, actions and export', () => {
  let e2e: E2E;
  let admin: UserRow;
  const seeded: SeededSubmission[] = [];
  let newest: SeededSubmission;
  let ada: SeededSubmission;
  let bo: SeededSubmission;
  let cy: SeededSubmission;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    e2e = await startE2E({
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 9).toString('base64')}` },
    });
    admin = await createAdmin(e2e.database.db);
    const picks: AnswerPick[] = ['first', 'middle', 'last'];
    for (let index = 0; index < OTHERS; index += 1) {
      const submission = await submitAssessment(
        e2e.server,
        {
          first_name: `Person${String(index + 1).padStart(2, '0')}`,
          last_name: 'Example',
          email_address: `person${index + 1}@msp${(index % 5) + 1}.example`,
          company: `Example MSP ${(index % 5) + 1}`,
        },
        picks[index % 3],
      );
      // Spread over earlier months, oldest first, so the newest-first list has a known order.
      await backdateSubmission(e2e.database.db, submission.id, monthsAgo(3, index + 1));
      seeded.push(submission);
    }
    ada = await submitAssessment(e2e.server, acme('Ada', 'Lovelace'), 'last');
    bo = await submitAssessment(e2e.server, acme('Bo', 'Diddley'), 'middle');
    cy = await submitAssessment(e2e.server, acme('Cy', 'Young'), 'first');
    newest = await submitAssessment(e2e.server, {
      first_name: 'Zed',
      last_name: 'Newest',
      email_address: 'zed@northwind-it.example',
      company: 'Northwind IT',
    });
    seeded.push(ada, bo, cy, newest);
  });
  afterAll(async () => {
    await e2e?.close();
    await receiver?.close();
  });

  /** A signed-in admin on Assessment Submissions, waiting for the list. */
  async function openSubmissions(
    options: { width?: number; theme?: Theme; path?: string } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const theme = options.theme ?? 'dark';
    const { context, page } = await e2e.newPage({ width: options.width, theme, colorScheme: theme });
    await signIn(page, admin.email, options.path ?? '/admin/submissions');
    await page.getByRole('heading', { name: /^Assessment Submissions/, level: 1 }).waitFor();
    return { context, page };
  }

  const rows = (page: Page) => page.getByRole('list', { name: 'Submissions' }).getByRole('button');
  const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
  const detail = (page: Page) => page.getByRole('region', { name: 'Submission detail' });
  const totalBadge = (page: Page) => page.locator('.submissions-total');
  const db = () => e2e.database.db;

  const horizontalOverflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  async function selectInExportDialog(dialog: Locator, page: Page, emails: string[]): Promise<void> {
    const chips = dialog.getByLabel('Submitters');
    for (const email of emails) {
      await chips.click();
      await chips.fill(email.slice(0, 3));
      await page.getByRole('option', { name: email }).click();
      await dialog.locator('.bp6-tag').filter({ hasText: email }).waitFor();
    }
  }

  it('lists the newest submissions with the total, and shows one’s detail when its row is chosen', async () => {
    const { context, page } = await openSubmissions();
    const tab = page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Submissions' });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => totalBadge(page).textContent()).toMatch(new RegExp(`^${TOTAL}`));
    await expect.poll(() => rows(page).count()).toBe(25);

    // Newest first; each row: name, company, email, level and average, time, IP and answers.
    const first = rows(page).first();
    const stored = await db()('submissions').where({ id: newest.id }).first();
    const answerCount = (stored.answers as unknown[]).length;
    const text = (await first.textContent()) ?? '';
    expect(text).toContain('Zed Newest');
    expect(text).toContain('Northwind IT');
    expect(text).toContain('zed@northwind-it.example');
    expect(text).toMatch(/Level [0-3]: (None|Some|Advanced|Mature)/);
    expect(text).toContain(`${Number(stored.cumulative_average).toFixed(1)}%`);
    expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/);
    expect(text).toContain(newest.ipAddress);
    expect(text).toContain(`${answerCount} answers`);
    expect(await rows(page).nth(1).textContent()).toContain('Cy Young');

    await detail(page).getByRole('heading', { name: 'No submission selected' }).waitFor();
    await row(page, 'Ada Lovelace').click();
    const panel = detail(page);
    await panel.getByRole('heading', { name: 'Ada Lovelace', level: 2 }).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(ada.id);
    expect(await row(page, 'Ada Lovelace').getAttribute('aria-current')).toBe('true');
    // User information, with the field labels of the questionnaire.
    const info = panel.getByRole('region', { name: 'User information' });
    await info.getByText(`ada@${ACME}`).waitFor();
    await info.getByText('Acme MSP').waitFor();
    // Maturity scores: the overall level and one badge per pillar, as stored.
    const pillarScores = await db()('submission_pillar_scores')
      .where({ submission_id: ada.id })
      .orderBy('pillar_order');
    const pillars = panel.getByRole('list', { name: 'Pillar scores' }).getByRole('listitem');
    expect(await pillars.count()).toBe(pillarScores.length);
    for (const [index, score] of pillarScores.entries()) {
      const item = pillars.nth(index);
      expect(await item.textContent()).toContain(score.pillar_name);
      await item.locator(`.level-badge--${score.level}`).waitFor();
    }
    // Every answer, in order, as it was submitted.
    const answers = (await db()('submissions').where({ id: ada.id }).first()).answers as {
      questionText: string;
      answerText: string;
    }[];
    const responses = panel.getByRole('region', { name: /Assessment responses/ }).getByRole('listitem');
    await expect.poll(() => responses.count()).toBe(answers.length);
    expect(await responses.first().textContent()).toContain(answers[0]!.questionText);
    expect(await responses.first().textContent()).toContain(answers[0]!.answerText);

    // The choice survives a reload: it is in the address.
    await page.reload();
    await detail(page).getByRole('heading', { name: 'Ada Lovelace', level: 2 }).waitFor();
    await context.close();
  });

  it('pages and searches without reloading the screen', async () => {
    const { context, page } = await openSubmissions();
    await rows(page).first().waitFor();
    // A mark on the window: a full reload would wipe it.
    await page.evaluate(() => ((window as unknown as { stay: boolean }).stay = true));
    const pager = page.getByRole('navigation', { name: 'Pages of submissions' });
    await pager.getByText(`1–25 of ${TOTAL}`).waitFor();
    await pager.getByText('Page 1 of 2').waitFor();
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(`26–${TOTAL} of ${TOTAL}`).waitFor();
    await expect.poll(() => rows(page).count()).toBe(TOTAL - 25);
    // The oldest submission is last on the last page.
    expect(await rows(page).last().textContent()).toContain('Person01 Example');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await pager.getByText(`1–25 of ${TOTAL}`).waitFor();

    // Search by company: Acme's three, the total badge follows.
    await page.getByRole('searchbox', { name: 'Search submissions' }).fill('acme');
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await totalBadge(page).textContent()).toMatch(/^3/);
    expect(await rows(page).allTextContents()).toEqual([
      expect.stringContaining('Cy Young'),
      expect.stringContaining('Bo Diddley'),
      expect.stringContaining('Ada Lovelace'),
    ]);
    // By email, too; then nothing at all.
    await page.getByRole('searchbox', { name: 'Search submissions' }).fill('zed@northwind');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search submissions' }).fill('nobody-by-this-name');
    await page.getByRole('heading', { name: 'No matching submissions' }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => rows(page).count()).toBe(25);
    expect(await page.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(true);
    await context.close();
  });

  it('deletes a submission only after the confirmation', async () => {
    const victim = await submitAssessment(e2e.server, {
      first_name: 'Del',
      last_name: 'Eted',
      email_address: 'del@gone.example',
      company: 'Gone MSP',
    });
    const { context, page } = await openSubmissions();
    await expect.poll(() => totalBadge(page).textContent()).toMatch(new RegExp(`^${TOTAL + 1}`));
    await row(page, 'Del Eted').click();
    const panel = detail(page);
    await panel.getByRole('heading', { name: 'Del Eted', level: 2 }).waitFor();

    // Cancel keeps it.
    await panel.getByRole('button', { name: 'Delete' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText(/Delete the submission from Del Eted/).waitFor();
    await alert.getByText(/This action cannot be undone/).waitFor();
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await db()('submissions').where({ id: victim.id }).first()).toBeTruthy();

    await panel.getByRole('button', { name: 'Delete' }).click();
    // Watched for from before the click: the toast shows for five seconds, and on a loaded machine
    // a wait started after the click once began when it had already gone.
    const deleted = toast(page, 'Submission deleted successfully').waitFor();
    await alert.getByRole('button', { name: 'Delete Submission' }).click();
    await deleted;
    await alert.waitFor({ state: 'detached' });
    await row(page, 'Del Eted').waitFor({ state: 'detached' });
    await detail(page).getByRole('heading', { name: 'No submission selected' }).waitFor();
    await expect.poll(() => totalBadge(page).textContent()).toMatch(new RegExp(`^${TOTAL}(?!\\d)`));
    expect(await db()('submissions').where({ id: victim.id }).first()).toBeUndefined();
    await context.close();
  });

  it('regenerates the analysis after asking, and says so when it cannot', async () => {
    // Viewing the results writes the analysis.
    const results = await e2e.server.inject({ method: 'GET', url: `/api/assessment/results/${bo.id}` });
    expect(results.statusCode).toBe(200);
    const analysisOf = async () => (await db()('submissions').where({ id: bo.id }).first()).ai_analysis;
    const before = await analysisOf();
    expect(before).not.toBeNull();

    const { context, page } = await openSubmissions({ path: `/admin/submissions?id=${bo.id}` });
    const panel = detail(page);
    await panel.getByRole('heading', { name: 'Bo Diddley', level: 2 }).waitFor();
    await panel.getByRole('button', { name: 'Regenerate analysis' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click();
    await toast(page, 'A new analysis is being written.').waitFor();
    // Cleared, and a new one queued and written in the background.
    await expect
      .poll(async () => {
        const now = await analysisOf();
        return now !== null && now.generatedAt !== before.generatedAt;
      })
      .toBe(true);

    // A failure in the server's words when it gives some, else the screen's own.
    await context.route('**/clear-ai', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await panel.getByRole('button', { name: 'Regenerate analysis' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click();
    await toast(page, 'Failed to regenerate the analysis').waitFor();
    await context.close();
  });

  it('re-sends the webhook and shows each delivery with its attempts', async () => {
    const { context, page } = await openSubmissions({ path: `/admin/submissions?id=${cy.id}` });
    const panel = detail(page);
    await panel.getByRole('heading', { name: 'Cy Young', level: 2 }).waitFor();
    const log = panel.getByRole('region', { name: /Webhook deliveries/ });
    const deliveries = log.getByRole('listitem').filter({ has: page.locator('.webhook-delivery__head') });
    // A delivery is settled just after the receiver answers: refresh until the newest shows `status`.
    const refreshUntil = (status: string) =>
      expect
        .poll(
          async () => {
            await log.getByRole('button', { name: 'Refresh webhook deliveries' }).click();
            return deliveries.first().getByText(status).count();
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
    // Delivered when it was submitted.
    await expect.poll(async () => receiver.received.filter((r) => r.body.includes(cy.id)).length).toBe(1);
    await refreshUntil('Delivered');
    expect(await deliveries.count()).toBe(1);

    // The receiver fails the re-sent one once: it is retried 5 s later with the same webhook-id.
    receiver.answerNext(500);
    await panel.getByRole('button', { name: 'Re-send webhook' }).click();
    await toast(page, 'Webhook re-sent successfully').waitFor();
    await expect.poll(async () => receiver.received.filter((r) => r.body.includes(cy.id)).length).toBe(2);
    await refreshUntil('Retrying');
    expect(await deliveries.count()).toBe(2);
    await deliveries.first().getByText('HTTP 500').waitFor();
    await deliveries.first().getByText('answered 500 Internal Server Error: receiver says 500').waitFor();
    await deliveries
      .first()
      .getByText(/^Next attempt/)
      .waitFor();
    await expect
      .poll(async () => receiver.received.filter((r) => r.body.includes(cy.id)).length, { timeout: 15_000 })
      .toBe(3);
    const [, resent, retried] = receiver.received.filter((r) => r.body.includes(cy.id));
    expect(retried!.headers['webhook-id']).toBe(resent!.headers['webhook-id']);
    await refreshUntil('Delivered');
    await deliveries.first().getByText('HTTP 204').waitFor();
    await e2e.screenshot(page, 'admin-submission-webhook-deliveries');
    await expectAccessible(page, 'admin-submission-webhook-deliveries');

    // A refusal in the server's words.
    await context.route('**/resend-webhook', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: '{"statusCode":409,"error":"Conflict","message":"Webhooks are not configured"}',
      }),
    );
    await panel.getByRole('button', { name: 'Re-send webhook' }).click();
    await toast(page, 'Webhooks are not configured').waitFor();
    await context.close();
  });

  it('opens the results in a new tab and the email preview in a dialog', async () => {
    const { context, page } = await openSubmissions({ path: `/admin/submissions?id=${ada.id}` });
    const panel = detail(page);
    await panel.getByRole('heading', { name: 'Ada Lovelace', level: 2 }).waitFor();

    const [results] = await Promise.all([
      context.waitForEvent('page'),
      panel.getByRole('link', { name: 'View results' }).click(),
    ]);
    await results.waitForURL(`**/results/${ada.id}`);
    await results.getByRole('heading', { name: 'Your Automation Maturity Results' }).waitFor();
    await results.close();
    // The admin stays where it was.
    expect(new URL(page.url()).pathname).toBe('/admin/submissions');

    // In the page, in a sandboxed frame: no popup (e2e/admin-integrations.test.ts looks closer).
    let popups = 0;
    context.on('page', () => (popups += 1));
    await panel.getByRole('button', { name: 'Preview email' }).click();
    const frame = page.getByRole('dialog', { name: 'Email preview' }).locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('Ada');
    expect(popups).toBe(0);
    await context.close();
  });

  it('saves one submission as a JSON file', async () => {
    const { context, page } = await openSubmissions({ path: `/admin/submissions?id=${cy.id}` });
    const panel = detail(page);
    await panel.getByRole('heading', { name: 'Cy Young', level: 2 }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`submission-${cy.id}.json`);
    const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      submission: { id: string; demographicData: Record<string, string> };
      answers: unknown[];
    };
    expect(saved.submission.id).toBe(cy.id);
    expect(saved.submission.demographicData.email_address).toBe(`cy@${ACME}`);
    expect(saved.answers.length).toBeGreaterThan(0);
    await toast(page, 'Submission exported').waitFor();
    await context.close();
  });

  it('exports a domain’s chosen submitters as CSV and as XLSX, read back from the saved files', async () => {
    const { context, page } = await openSubmissions();
    await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Submissions' });
    await dialog.waitFor();

    // It opens on every domain, one row per submission: nothing to choose before exporting.
    expect(await dialog.getByLabel('Domain').inputValue()).toBe('*');
    expect(await dialog.getByRole('checkbox', { name: 'One column per submission' }).isChecked()).toBe(false);
    // Nothing in it must be chosen, and its layout says what one domain adds.
    expect(await dialog.getByText('(required)').count()).toBe(0);
    const allDomainsHint = dialog.getByText(
      'All domains: one row per submission; choose one domain for a column each.',
    );
    await allDomainsHint.waitFor();

    // The domain's submitters become the chips to choose from.
    await dialog.getByLabel('Domain').selectOption(ACME);
    await allDomainsHint.waitFor({ state: 'detached' });
    // A column per submission is a choice away once one domain is chosen.
    await dialog.getByText('One column per submission').click();
    await dialog.getByLabel('Submitters').click();
    const options = page.getByRole('option');
    await expect
      .poll(() => options.allTextContents())
      .toEqual(expect.arrayContaining([`ada@${ACME}`, `bo@${ACME}`, `cy@${ACME}`]));
    await page.keyboard.press('Escape');
    await selectInExportDialog(dialog, page, [`ada@${ACME}`, `bo@${ACME}`]);
    expect(await dialog.locator('.bp6-tag').allTextContents()).toEqual([`ada@${ACME}`, `bo@${ACME}`]);
    await dialog.getByText('Only these 2 submitters.').waitFor();
    // Dates as YYYY-MM-DD, this month through today.
    const today = new Date().toISOString().slice(0, 10);
    await dialog.getByLabel('Start date').fill(`${today.slice(0, 8)}01`);
    await dialog.getByLabel('End date').fill(today);
    // The chosen ones are ticked in the menu.
    await dialog.getByLabel('Submitters').click();
    expect(await page.getByRole('option', { name: `ada@${ACME}` }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByRole('option', { name: `cy@${ACME}` }).getAttribute('aria-selected')).toBe(
      'false',
    );
    await page.keyboard.press('Escape');
    await page.locator('.bp6-menu [role="option"]').first().waitFor({ state: 'detached' });
    await dialog.waitFor();
    await e2e.screenshot(page, 'admin-submissions-export-1280-dark');
    await expectAccessible(page, 'admin-submissions-export-1280-dark');

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(
      new RegExp(`^submissions-${ACME}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const csv = parse(fs.readFileSync(await csvDownload.path(), 'utf8'), { bom: true }) as string[][];
    const csvCells = csv.flat();
    expect(csvCells).toContain(`ada@${ACME}`);
    expect(csvCells).toContain(`bo@${ACME}`);
    expect(csvCells).not.toContain(`cy@${ACME}`);
    expect(csvCells).not.toContain('zed@northwind-it.example');
    // One column per submission: a label, then Ada's and Bo's.
    expect(csv.length).toBeGreaterThan(4);
    for (const line of csv) expect(line).toHaveLength(3);
    // The browser's download manager saves it: the toast says it started, and under what name.
    await toast(page, 'Filtered export started for the domain.').waitFor();
    await toast(
      page,
      `Your browser is saving ${csvDownload.suggestedFilename()}; its downloads show the progress.`,
    ).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Again as XLSX, for everyone at the domain.
    await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Domain').selectOption(ACME);
    await dialog.getByText('Excel (XLSX)').click();
    // The dialog opened afresh: one row per submission this time.
    expect(await dialog.getByRole('checkbox', { name: 'One column per submission' }).isChecked()).toBe(false);
    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxDownload.path());
    const xlsxCells: string[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((sheetRow) => sheetRow.eachCell((cell) => xlsxCells.push(String(cell.text)))),
    );
    for (const email of [`ada@${ACME}`, `bo@${ACME}`, `cy@${ACME}`]) expect(xlsxCells).toContain(email);
    expect(xlsxCells).not.toContain('zed@northwind-it.example');
    // A header row and a row each for Ada, Bo and Cy.
    expect(workbook.worksheets[0]!.actualRowCount).toBe(4);
    await context.close();
  });

  it.each([
    { width: 1280, theme: 'dark', format: 'csv' },
    { width: 390, theme: 'light', format: 'xlsx' },
  ] as const)(
    'exports All domains as $format at $width px ($theme), toasts once started, and says when nothing matches',
    async ({ width, theme, format }) => {
      const { context, page } = await openSubmissions({ width, theme });
      const shot = `admin-submissions-export-all-${width}-${theme}`;
      await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export Submissions' });
      await dialog.waitFor();

      // All domains: every submission, one row each, so no submitters to pick and no columns.
      const stored = Number((await db()('submissions').count({ n: '*' }).first())!.n);
      // The default: the select shows it already.
      await expect
        .poll(() => dialog.getByLabel('Domain').locator('option:checked').textContent())
        .toBe(`All domains (${stored})`);
      await dialog
        .getByText('All domains: one row per submission; choose one domain for a column each.')
        .waitFor();
      expect(await dialog.getByRole('checkbox', { name: 'One column per submission' }).isChecked()).toBe(
        false,
      );
      expect(await dialog.getByRole('checkbox', { name: 'One column per submission' }).isDisabled()).toBe(
        true,
      );
      expect(await dialog.getByLabel('Submitters').isDisabled()).toBe(true);
      if (format === 'xlsx') await dialog.getByText('Excel (XLSX)').click();
      expect(await horizontalOverflow(page)).toBe(0);
      await e2e.screenshot(page, shot);
      await expectAccessible(page, shot);

      // The server's check is held back: until it answers, nothing is downloaded and no toast
      // claims the export started.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await context.route('**/api/admin/submissions/export/check?*', async (route) => {
        await held;
        await route.continue();
      });
      const downloaded = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Export', exact: true }).click();
      await dialog.getByText('Preparing the export…').waitFor();
      await page.waitForTimeout(300);
      expect(await page.locator('.bp6-toast').filter({ hasText: 'Filtered export' }).count()).toBe(0);
      release();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^submissions-all-domains-\\d{4}-\\d{2}-\\d{2}\\.${format}$`),
      );
      await toast(page, 'Filtered export started for all domains.').waitFor();
      await toast(
        page,
        `Your browser is saving ${download.suggestedFilename()}; its downloads show the progress.`,
      ).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await context.unroute('**/api/admin/submissions/export/check?*');

      // One row per submission, across every domain; in XLSX the times are dates.
      let lines: unknown[][];
      if (format === 'csv') {
        lines = parse(fs.readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
      } else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(await download.path());
        const sheet = workbook.worksheets[0]!;
        lines = [];
        sheet.eachRow((sheetRow) => lines.push((sheetRow.values as unknown[]).slice(1)));
        expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Date);
      }
      const [header, ...body] = lines;
      expect(header![0]).toBe('Submitted At (UTC)');
      expect(body).toHaveLength(stored);
      const emails = body.map((line) => String(line[header!.indexOf('Email Address')]));
      expect(emails).toContain(`ada@${ACME}`);
      expect(emails).toContain('zed@northwind-it.example');
      // The overall level and each pillar's are written alike: number and name.
      const levels = header!.flatMap((name, index) => (String(name).endsWith(' Level') ? [index] : []));
      expect(levels.length).toBeGreaterThan(1);
      for (const line of body) {
        for (const index of levels)
          expect(String(line[index])).toMatch(/^[0-3] (None|Some|Advanced|Mature)$/);
      }

      // A filter that matches nothing says so in the dialog and saves nothing.
      await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
      await dialog.waitFor();
      await dialog.getByLabel('Domain').selectOption(ACME);
      await dialog.getByLabel('Start date').fill('2099-01-01');
      let saved = false;
      page.on('download', () => (saved = true));
      await dialog.getByRole('button', { name: 'Export', exact: true }).click();
      const empty = dialog.getByRole('alert');
      await empty
        .getByText(
          `No submissions match this export (the domain ${ACME} and these dates), so there is no file to save.`,
          { exact: false },
        )
        .waitFor();
      expect(saved).toBe(false);
      // In sight, also where the dialog's body scrolls (390 px).
      expect(
        await empty.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const body = element.closest('.bp6-dialog-body')!.getBoundingClientRect();
          return box.top >= body.top && box.bottom <= body.bottom + 1;
        }),
      ).toBe(true);
      // No error toast (nor a raw 404): the dialog has said it.
      expect(
        await page
          .locator('.bp6-toast')
          .filter({ hasText: /Failed to export|404/ })
          .count(),
      ).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
      await e2e.screenshot(page, `${shot}-nothing`);
      await expectAccessible(page, `${shot}-nothing`);
      // Changing the filter takes the message away.
      await dialog.getByLabel('Start date').fill('');
      await empty.waitFor({ state: 'detached' });
      await context.close();
    },
  );

  it('shows Failed to fetch submissions with a retry when the list cannot be read', async () => {
    const { context, page } = await openSubmissions();
    await rows(page).first().waitFor();
    let failing = true;
    await context.route('**/api/admin/submissions?*', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Failed to fetch submissions' }).waitFor({ timeout: 20_000 });
    await toast(page, 'Failed to fetch submissions').waitFor();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await rows(page).first().waitFor();
    await context.close();
  });

  it('looks right at 1280 and 390 px in light and dark; narrow screens show the list, then the detail', async () => {
    for (const [width, theme] of VIEWS) {
      const { context, page } = await openSubmissions({ width, theme });
      await rows(page).first().waitFor();
      if (width === 390) {
        expect(await horizontalOverflow(page)).toBe(0);
        await e2e.screenshot(page, `admin-submissions-list-${width}-${theme}`);
        await expectAccessible(page, `admin-submissions-list-${width}-${theme}`);
        await row(page, 'Ada Lovelace').click();
        await detail(page).getByRole('heading', { name: 'Ada Lovelace', level: 2 }).waitFor();
        // One column: the detail takes the list's place, with the way back.
        expect(await page.getByRole('list', { name: 'Submissions' }).count()).toBe(0);
        await detail(page).getByRole('button', { name: 'Back to submissions' }).waitFor();
        await detail(page)
          .getByRole('region', { name: /Assessment responses/ })
          .getByRole('listitem')
          .first()
          .waitFor();
        expect(await horizontalOverflow(page)).toBe(0);
        await e2e.screenshot(page, `admin-submissions-detail-${width}-${theme}`);
        await expectAccessible(page, `admin-submissions-detail-${width}-${theme}`);
        await detail(page).getByRole('button', { name: 'Back to submissions' }).click();
        await row(page, 'Ada Lovelace').waitFor();
      } else {
        await row(page, 'Ada Lovelace').click();
        await detail(page)
          .getByRole('region', { name: /Assessment responses/ })
          .getByRole('listitem')
          .first()
          .waitFor();
        // Two panes side by side.
        const list = await page.getByRole('region', { name: 'Submission list' }).boundingBox();
        const panel = await detail(page).boundingBox();
        expect(panel!.x).toBeGreaterThan(list!.x + list!.width - 1);
        await e2e.screenshot(page, `admin-submissions-${width}-${theme}`);
        await expectAccessible(page, `admin-submissions-${width}-${theme}`);
      }
      await context.close();
    }
  });
});
