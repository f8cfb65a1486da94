import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { startE2E, toast, type E2E } from './harness.js';
import { detailPillarScores, expectDetailScoresIn, readPdf } from './pdf-report.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment } from './submissions-seed.js';

describe('the PDF report from the admin submission detail, in the browser client', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  it('saves the report as a download holding the scores shown, and says so when the submission is gone', async () => {
    const { id } = await submitAssessment(
      e2e.server,
      { first_name: 'Ada', last_name: 'Tester', email_address: 'ada@acme-msp.example', company: 'Acme MSP' },
      'last',
    );
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'dark' });
    await signIn(page, admin.email, `/admin/submissions?id=${id}`);
    const detail = page.getByRole('region', { name: 'Submission detail' });
    await detail.getByRole('heading', { name: 'Ada Tester', level: 2 }).waitFor();
    const scores = await detailPillarScores(page);
    expect(scores).toHaveLength(6);

    const button = detail.getByRole('button', { name: 'Download PDF report' });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^msp-automation-report-acme-msp-\d{4}-\d{2}-\d{2}\.pdf$/);
    await toast(page, 'PDF report saved').waitFor();
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.text).toContain('Acme MSP');
    expectDetailScoresIn(pdf, scores);
    await e2e.screenshot(page, 'admin-submission-report-1280-dark');
    await expectAccessible(page, 'the submission detail with its PDF report action');

    // Deleted in another tab meanwhile: the server answers 404, the toast says so and the detail follows.
    await e2e.database.db('submissions').where({ id }).delete();
    let downloads = 0;
    page.on('download', () => downloads++);
    await button.click();
    await toast(page, 'Error').waitFor();
    await detail.getByRole('heading', { name: 'Submission not found' }).waitFor();
    expect(downloads).toBe(0);
    await context.close();
  });
});
