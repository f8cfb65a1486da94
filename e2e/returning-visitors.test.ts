import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { backdateSubmission, submitAssessment } from './submissions-seed.js';

describe('returning visitors in the admin portal, in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('filters returning visitors, says "2nd assessment by this person" and opens the previous one', async () => {
    const submitter = {
      first_name: 'Remi',
      last_name: 'Return',
      email_address: 'remi.return@northwind-it.example',
      company: 'Northwind IT',
    };
    const first = await submitAssessment(e2e.server, submitter, 'first');
    await backdateSubmission(e2e.database.db, first.id, new Date('2026-05-04T10:00:00Z'));
    const second = await submitAssessment(e2e.server, submitter, 'last');
    const newcomer = await submitAssessment(e2e.server, {
      ...submitter,
      first_name: 'Nia',
      email_address: 'nia.new@northwind-it.example',
    });
    const admin = await createAdmin(e2e.database.db, 'returning.admin@msp.example');

    for (const [width, theme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      const { context, page } = await e2e.newPage({ width, theme });
      await signIn(page, admin.email, '/admin/submissions');
      const list = page.getByRole('region', { name: 'Submission list' });
      await list.getByText('Nia Return').waitFor();
      await page.getByLabel('Filter by first-time or returning visitors').selectOption('returning');
      await page.waitForURL(/visits=returning/);
      // The filtered page replaces the whole list: the newcomer leaves it, the returning visitor stays.
      await list.getByText('Nia Return').waitFor({ state: 'detached' });
      expect(await list.getByText('Remi Return').count()).toBe(1);
      await page.goto(`/admin/submissions?visits=returning&id=${second.id}`);
      const callout = page.getByText('2nd assessment by this person');
      await callout.waitFor();
      await page.getByText(/^Previous on May 4, 2026/).waitFor();
      await e2e.screenshot(page, `submission-returning-${width}-${theme}`);
      await expectAccessible(page, `submission-returning-${width}-${theme}`);
      await page.getByRole('button', { name: 'Open the previous assessment' }).click();
      await page.waitForURL(new RegExp(`id=${first.id}`));
      await page.getByRole('heading', { name: /Remi Return/ }).waitFor();
      expect(await page.getByText('2nd assessment by this person').count()).toBe(0);
      await context.close();
    }
    expect(newcomer.id).not.toBe(second.id);
  });
});
