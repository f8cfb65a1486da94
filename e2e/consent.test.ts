import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { fillDemographics, questionPosition, type Visitor } from './assessment-steps.js';
import { VIEWS, saveScreenshot, startE2E, toast, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

type Theme = 'light' | 'dark';

const STATEMENT =
  'I agree that Northwind MSP may keep my answers and contact me about my results.\nI can withdraw at any time.';

const visitor = {
  text: {
    'First Name': 'Morgan',
    'Last Name': 'Consent',
    'Email Address': 'morgan@consent-msp.example',
    'Company Name': 'Consent MSP',
  },
  employees: '11-25',
  companies: '26-50',
} satisfies Visitor;

/** Where the review screenshots go besides the test artifacts, when SHOTS_DIR names a folder. */
async function shot(e2e: E2E, page: Page, name: string) {
  await e2e.screenshot(page, name);
  const dir = process.env.SHOTS_DIR;
  if (dir) await saveScreenshot(page, path.join(dir, `${name}.png`), { fullPage: true });
}

describe('the consent statement in Chromium: from the admin through the assessment and back', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  it('lets an admin set the statement on the Demographic Fields screen, with its limits', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light' });
    await signIn(page, admin.email, '/admin/demographic-fields');
    const section = page.getByRole('region', { name: 'Consent statement' });
    const textarea = section.getByRole('textbox', { name: /Statement visitors must tick/ });
    await textarea.waitFor();
    expect(await textarea.inputValue()).toBe('');
    // The empty field's placeholder reads as an example, not as a statement already saved.
    expect(await textarea.getAttribute('placeholder')).toBe(
      'e.g. I agree that Northwind MSP may store my answers and email me about my results.',
    );
    expect(await section.getByRole('button', { name: 'Remove Statement' }).isDisabled()).toBe(true);

    // Markup is refused where it was typed, and nothing is saved.
    await textarea.fill('I agree to the <b>terms</b>');
    await section.getByRole('button', { name: 'Save Statement' }).click();
    await section.getByText('Consent statement must be plain text, without HTML tags').waitFor();
    expect(await e2e.database.db('consent_statements').count({ n: '*' })).toEqual([{ n: '0' }]);

    await textarea.fill(STATEMENT);
    await section.getByRole('button', { name: 'Save Statement' }).click();
    await toast(page, 'Consent statement saved successfully').waitFor();
    await expectAccessible(page, 'consent-admin-1280-light', '.consent-section');
    await context.close();

    for (const [width, theme] of VIEWS) {
      const view = await e2e.newPage({ width, theme, colorScheme: theme });
      await signIn(view.page, admin.email, '/admin/demographic-fields');
      const saved = view.page.getByRole('textbox', { name: /Statement visitors must tick/ });
      await saved.waitFor();
      expect(await saved.inputValue()).toBe(STATEMENT);
      await expectAccessible(view.page, `consent-admin-${width}-${theme}`, '.consent-section');
      await shot(e2e, view.page, `consent-admin-${width}-${theme}`);
      await view.context.close();
    }
  });

  it('asks the visitor to tick it, refuses to go on until they do, and keeps the text they agreed to', async () => {
    const { context, page } = await e2e.newPage({ width: 390, theme: 'light', colorScheme: 'light' });
    await page.goto('/assessment');
    await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    const consent = page.getByRole('checkbox', { name: /I agree that Northwind MSP may keep my answers/ });
    await consent.waitFor();
    expect(await consent.isChecked()).toBe(false);
    await fillDemographics(page, visitor);

    // Next without the tick: the step stays, says why, and puts the keyboard on the checkbox.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please tick the consent statement to continue', { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'assessment-consent');
    expect(await consent.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'consent-step-invalid-390-light');
    await shot(e2e, page, 'consent-step-invalid-390-light');

    // Ticked with the keyboard.
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(true);
    await page
      .getByText('Please tick the consent statement to continue', { exact: true })
      .waitFor({ state: 'detached' });

    // The draft keeps the tick across a reload, like the values.
    await page.reload();
    await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    expect(await consent.isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    for (;;) {
      const position = await questionPosition(page);
      await page.getByRole('radio').first().check();
      if (position.current === position.total) break;
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Question ${position.current + 1} of ${position.total}`).waitFor();
    }
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const row = await e2e.database.db('submissions').where({ id }).first('consent_text', 'consented_at');
    expect(row.consent_text).toBe(STATEMENT);
    expect(row.consented_at).toBeInstanceOf(Date);
    await context.close();

    // The step in every view, ticked, for review.
    for (const [width, theme] of VIEWS) {
      const view = await e2e.newPage({ width, theme, colorScheme: theme });
      await view.page.goto('/assessment');
      const box = view.page.getByRole('checkbox', { name: /I agree that Northwind MSP/ });
      await box.waitFor();
      // Ticked as a person does: on the statement beside the box.
      await view.page.getByText(/^I agree that Northwind MSP/).click();
      expect(await box.isChecked()).toBe(true);
      await expectAccessible(view.page, `consent-step-${width}-${theme}`);
      await shot(e2e, view.page, `consent-step-${width}-${theme}`);
      await view.context.close();
    }

    // The admin reads the text the visitor agreed to in the submission's detail.
    for (const [width, theme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as [number, Theme][]) {
      const view = await e2e.newPage({ width, theme, colorScheme: theme });
      await signIn(view.page, admin.email, '/admin/submissions');
      const list = view.page.getByRole('list', { name: 'Submissions' });
      await list.getByRole('listitem').filter({ hasText: 'Morgan Consent' }).getByRole('button').click();
      const region = view.page.getByRole('region', { name: 'Consent', exact: true });
      await region.waitFor();
      const text = await region.textContent();
      expect(text).toContain(
        'I agree that Northwind MSP may keep my answers and contact me about my results.',
      );
      expect(text).toContain('I can withdraw at any time.');
      await expectAccessible(view.page, `consent-detail-${width}-${theme}`);
      await shot(e2e, view.page, `consent-detail-${width}-${theme}`);
      await view.context.close();
    }
  });

  it('shows no checkbox once the admin removes the statement', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light' });
    await signIn(page, admin.email, '/admin/demographic-fields');
    const section = page.getByRole('region', { name: 'Consent statement' });
    await section.getByRole('button', { name: 'Remove Statement' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await toast(page, 'Consent statement removed successfully').waitFor();
    expect(await section.getByRole('textbox').inputValue()).toBe('');

    await page.goto('/assessment');
    await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    await page.getByLabel('First Name').waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await context.close();
  });
});
