import fs from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { CDPSession, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { startE2E, type E2E, toast } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment } from './submissions-seed.js';

const DOMAIN = 'bulk-msp.example';
/** Enough to show a file held in the page (some 40 MB of CSV), few enough for CI. */
const SUBMISSIONS = 20_000;
/** The page's JavaScript heap may grow by less than this while the export downloads. */
const HEAP_GROWTH_MAX_BYTES = 20 * 1024 * 1024;

/** The page's live JavaScript heap after a full collection, with array buffers' backing stores. */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return heapNow(cdp);
}

async function heapNow(cdp: CDPSession): Promise<number> {
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
  return usage.usedSize + (usage.backingStorageSize ?? 0);
}

describe('a large export in Chromium streams to disk through the download manager', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
    // One submission through the real submit route, then copied in the database itself (answers
    // and pillar scores too): submitting 20,000 through the API would take most of a minute.
    const { id } = await submitAssessment(e2e.server, {
      first_name: 'Bulk',
      last_name: 'Example',
      email_address: `bulk0@${DOMAIN}`,
      company: 'Bulk MSP',
    });
    const db = e2e.database.db;
    await db.raw(
      `CREATE TEMP TABLE bulk_copies AS SELECT gen_random_uuid() AS id, n FROM generate_series(1, ?) n`,
      [SUBMISSIONS - 1],
    );
    await db.raw(
      `INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
        employee_count, managed_companies, overall_level, cumulative_average, answers)
      SELECT c.id, s.submitted_at - c.n * interval '1 minute', s.ip_address,
        jsonb_set(s.demographic_data, '{email_address}', to_jsonb('bulk' || c.n || '@' || ?::text)),
        'bulk' || c.n || '@' || ?::text, s.email_domain, s.employee_count, s.managed_companies,
        s.overall_level, s.cumulative_average, s.answers
      FROM submissions s CROSS JOIN bulk_copies c WHERE s.id = ?`,
      [DOMAIN, DOMAIN, id],
    );
    await db.raw(
      `INSERT INTO submission_pillar_scores
      SELECT (jsonb_populate_record(ps, jsonb_build_object('submission_id', c.id))).*
      FROM submission_pillar_scores ps CROSS JOIN bulk_copies c WHERE ps.submission_id = ?`,
      [id],
    );
  });
  afterAll(() => e2e?.close());

  /** Exports the domain in `format` from the dialog; the download, the heap's growth, the page's requests. */
  async function exportFromDialog(page: Page, format: 'csv' | 'xlsx') {
    const cdp = await page.context().newCDPSession(page);
    await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Submissions' });
    await dialog.waitFor();
    await dialog.getByLabel('Domain').selectOption(DOMAIN);
    if (format === 'xlsx') await dialog.getByText('Excel (XLSX)').click();

    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const before = await heapAfterGc(cdp);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heapNow(cdp));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    // Said as the download manager takes it, while the file is still arriving.
    await toast(page, 'Filtered export started for the domain.').waitFor();
    const file = await download.path();
    sampling = false;
    await sampler;
    const after = await heapAfterGc(cdp);
    const fetched = requests
      .filter((request) => ['fetch', 'xhr'].includes(request.resourceType()))
      .map((request) => new URL(request.url()).pathname);
    return { download, file, growth: { peak: peak - before, after: after - before }, fetched };
  }

  it('saves 20,000 submissions as CSV and as XLSX without the page holding the file', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(page, admin.email, '/admin/submissions');
    await page.getByRole('heading', { name: /^Assessment Submissions/, level: 1 }).waitFor();

    const csv = await exportFromDialog(page, 'csv');
    // The page fetched the check only: the file went to the download manager, not through the page.
    expect(csv.fetched).toEqual(['/api/admin/submissions/export/check']);
    expect(csv.growth.peak).toBeLessThan(HEAP_GROWTH_MAX_BYTES);
    expect(csv.growth.after).toBeLessThan(HEAP_GROWTH_MAX_BYTES);
    expect(csv.download.suggestedFilename()).toMatch(new RegExp(`^submissions-${DOMAIN}-.*\\.csv$`));
    // Complete: a header and every submission, each line as wide as the header.
    let lines = 0;
    let width = 0;
    for await (const line of fs.createReadStream(csv.file).pipe(parse({ bom: true })) as AsyncIterable<
      string[]
    >) {
      if (lines === 0) width = line.length;
      else expect(line).toHaveLength(width);
      lines += 1;
    }
    expect(lines).toBe(SUBMISSIONS + 1);
    expect(width).toBeGreaterThan(40);

    const xlsx = await exportFromDialog(page, 'xlsx');
    expect(xlsx.fetched).toEqual(['/api/admin/submissions/export/check']);
    expect(xlsx.growth.peak).toBeLessThan(HEAP_GROWTH_MAX_BYTES);
    expect(xlsx.growth.after).toBeLessThan(HEAP_GROWTH_MAX_BYTES);
    // Read as a stream: the whole workbook in this process would be slow and large.
    let rows = 0;
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(xlsx.file, {})) {
      for await (const _row of sheet) rows += 1;
    }
    expect(rows).toBe(SUBMISSIONS + 1);
    await context.close();
  });
});
