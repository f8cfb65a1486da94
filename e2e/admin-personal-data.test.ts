import fs from 'node:fs';
import type { PersonalDataExport } from '@msp/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { startE2E, toast, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment, type Submitter } from './submissions-seed.js';

type Theme = 'light' | 'dark';

const casey = (company: string, email = 'casey@harbor-it.example'): Submitter => ({
  first_name: 'Casey',
  last_name: 'Morgan',
  email_address: email,
  company,
});

describe('the Personal Data screen in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  async function openScreen(
    width = 1280,
    theme: Theme = 'dark',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await e2e.newPage({ width, height: 900, theme, colorScheme: theme });
    await signIn(page, admin.email, '/admin/personal-data');
    await page.getByRole('heading', { name: 'Personal Data', level: 1 }).waitFor();
    return { context, page };
  }

  async function find(page: Page, email: string) {
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
  }

  it('finds a person’s submissions, downloads them as one JSON file and deletes them all', async () => {
    const first = await submitAssessment(e2e.server, casey('Harbor IT'));
    const second = await submitAssessment(e2e.server, casey('Harbor IT Group', 'Casey@Harbor-IT.example'));
    const other = await submitAssessment(e2e.server, casey('Harbor IT', 'sam@harbor-it.example'));
    const { context, page } = await openScreen();
    // Its tab is among the others, and marked as the current one.
    const tab = page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Personal Data' });
    await expect(tab.getAttribute('aria-current')).resolves.toBe('page');

    await find(page, 'not an address');
    await page.getByText('Please enter a valid email address').waitFor();

    await find(page, 'nobody@harbor-it.example');
    await page.getByRole('heading', { name: 'No submissions for this email address' }).waitFor();
    await expectAccessible(page, 'personal data, nothing found');
    await e2e.screenshot(page, 'admin-personal-data-empty-1280-dark');

    await find(page, ' CASEY@harbor-it.example');
    const results = page.getByRole('list', { name: 'Submissions of casey@harbor-it.example' });
    await results.waitFor();
    await expect.poll(() => results.getByRole('listitem').count()).toBe(2);
    await page.getByText('2 submissions', { exact: true }).waitFor();
    await expect(results.getByRole('listitem').first().textContent()).resolves.toContain('Harbor IT Group');
    await expectAccessible(page, 'personal data, found');
    await e2e.screenshot(page, 'admin-personal-data-found-1280-dark');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^personal-data-harbor-it\.example-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const document = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as PersonalDataExport;
    expect(document.email).toBe('casey@harbor-it.example');
    expect(document.submissions.map((s) => s.submission.id)).toEqual([first.id, second.id]);
    expect(document.submissions[0]!.answers.length).toBeGreaterThan(0);
    expect(JSON.stringify(document)).not.toContain('sam@harbor-it.example');
    await toast(page, 'Personal data downloaded').waitFor();

    await page.getByRole('button', { name: 'Delete All 2' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Delete 2 submissions of casey@harbor-it.example?').waitFor();
    await expectAccessible(page, 'personal data, delete confirmation');
    await e2e.screenshot(page, 'admin-personal-data-confirm-1280-dark');
    // Cancel first: nothing goes.
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await alert.waitFor({ state: 'hidden' });
    expect(await e2e.database.db('submissions').whereIn('id', [first.id, second.id])).toHaveLength(2);

    await page.getByRole('button', { name: 'Delete All 2' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 2 Submissions' }).click();
    await toast(page, '2 submissions deleted').waitFor();
    await page.getByRole('heading', { name: 'No submissions for this email address' }).waitFor();
    expect(await e2e.database.db('submissions').whereIn('id', [first.id, second.id])).toHaveLength(0);
    expect(await e2e.database.db('submissions').where({ id: other.id })).toHaveLength(1);
    const actions = await e2e.database
      .db('audit_events')
      .whereLike('action', 'personal_data.%')
      .orderBy('id')
      .pluck('action');
    expect(actions).toEqual(['personal_data.export', 'personal_data.delete']);
    await context.close();
  });

  // The desktop in the dark theme is the test above's.
  it.each([[390, 'light']] as const)('reads and works at %i px in the %s theme', async (width, theme) => {
    const email = `robin.${width}.${theme}@hale-it.example`;
    await submitAssessment(e2e.server, casey('Hale IT Services', email));
    const { context, page } = await openScreen(width, theme);
    await find(page, email);
    await page.getByRole('list', { name: `Submissions of ${email}` }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, `personal data at ${width} ${theme}`);
    await e2e.screenshot(page, `admin-personal-data-found-${width}-${theme}`);
    await page.getByRole('button', { name: 'Delete Submission' }).click();
    await page.getByRole('alertdialog').getByText(`Delete 1 submission of ${email}?`).waitFor();
    await e2e.screenshot(page, `admin-personal-data-confirm-${width}-${theme}`);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 1 Submission' }).click();
    await toast(page, '1 submission deleted').waitFor();
    await context.close();
  });
});
