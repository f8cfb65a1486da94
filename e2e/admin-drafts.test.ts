import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { PublicQuestion } from '@msp/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { horizontalOverflow, startE2E, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

type Theme = 'light' | 'dark';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe('In progress (saved drafts) in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;
  let questionCount: number;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
    const questions = JSON.parse(
      (await e2e.server.inject({ url: '/api/assessment-questions' })).payload,
    ) as PublicQuestion[];
    questionCount = questions.length;
    const people = [
      [
        'ada@northwind-it.example',
        { first_name: 'Ada', last_name: 'Lovelace', company: 'Northwind IT' },
        12,
        1,
      ],
      ['bo@contoso.example', { first_name: 'Bo', company: 'Contoso MSP' }, 4, 2],
      // Someone who only typed the address so far, seen longest ago: newest activity first is Ada, Bo, Cy.
      ['cy.with.a.rather.long.address@fabrikam-managed-services.example', {}, 0, 3],
    ] as const;
    let address = 0;
    for (const [email, demographics, answered, lastSeen] of people) {
      // Saved through the visitor's own route, as "Continue later" does.
      const saved = await e2e.server.inject({
        method: 'POST',
        url: '/api/assessment/drafts',
        remoteAddress: `198.51.100.${++address}`,
        payload: {
          email,
          demographics: { ...demographics, email_address: email },
          answers: Object.fromEntries(
            questions.slice(0, answered).map((q) => [String(q.id), q.answers[0]!.id]),
          ),
        },
      });
      expect(saved.statusCode, saved.payload).toBe(202);
      await e2e.database
        .db('assessment_drafts')
        .where({ email })
        .update({ created_at: daysAgo(lastSeen + 1), updated_at: daysAgo(lastSeen) });
    }
  });
  afterAll(() => e2e?.close());

  async function openInProgress(width: number, theme: Theme): Promise<Page> {
    const { page } = await e2e.newPage({ width, theme, colorScheme: theme });
    await signIn(page, admin.email, '/admin/drafts');
    await page.getByRole('heading', { name: /^In progress/, level: 1 }).waitFor();
    await rows(page).first().waitFor();
    return page;
  }
  const rows = (page: Page) => page.getByRole('list', { name: 'Saved drafts' }).getByRole('listitem');

  it('lists the saved drafts, searches them from the URL, and exports the matching ones as CSV', async () => {
    const page = await openInProgress(1280, 'dark');
    // The tab is there, right after Submissions, and marked as the current one.
    const tabs = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
    const labels = await tabs.allTextContents();
    expect(labels.slice(1, 3)).toEqual(['Submissions', 'In progress']);
    expect(await tabs.filter({ hasText: 'In progress' }).getAttribute('aria-current')).toBe('page');

    expect(await rows(page).count()).toBe(3);
    const ada = rows(page).first();
    expect(await ada.textContent()).toContain('ada@northwind-it.example');
    expect(await ada.textContent()).toContain('Ada Lovelace · Northwind IT');
    await ada.getByText(`12 of ${questionCount} answered`).waitFor();
    expect(await ada.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
      String(Math.round((100 * 12) / questionCount)),
    );
    await rows(page).last().getByText('No name or company yet').waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill('contoso');
    await page.waitForURL(/[?&]search=contoso/);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('bo@contoso.example');
    await e2e.screenshot(page, 'admin-drafts-1280-dark');
    await expectAccessible(page, 'admin-drafts-1280-dark');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^saved-drafts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parse(fs.readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
    expect(csv).toEqual([
      expect.arrayContaining(['Email', 'Company', 'Answered']),
      expect.arrayContaining(['bo@contoso.example', 'Contoso MSP', '4', String(questionCount)]),
    ]);
    // The export is in the audit trail, with the filters it used.
    await expect
      .poll(async () => (await e2e.database.db('audit_events').where({ action: 'draft.export' })).length)
      .toBe(1);

    // A search that finds nothing says so, and clears.
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody at all');
    await page.getByRole('heading', { name: 'No matching drafts' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => rows(page).count()).toBe(3);
  });

  it('reads at phone width in the light theme too, with nothing wider than the window', async () => {
    // The desktop in the dark theme is the test above's.
    const page = await openInProgress(390, 'light');
    expect(await horizontalOverflow(page)).toBe(0);
    await e2e.screenshot(page, 'admin-drafts-list-390-light');
    await expectAccessible(page, 'admin-drafts-list-390-light');
    await page.context().close();
  });
});
