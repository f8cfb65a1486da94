import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { VIEWS, startE2E, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment } from './submissions-seed.js';

/** More submitters named Okafor than a search counts (10,000). */
const OKAFORS = 10_040;

describe('a search with more matches than it counts, in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
    // One submission through the real submit route, then copied in the database itself: submitting
    // ten thousand through the API would take minutes.
    const { id } = await submitAssessment(e2e.server, {
      first_name: 'Ada',
      last_name: 'Okafor',
      email_address: 'ada0@okafor-msp.example',
      company: 'Okafor MSP',
    });
    await e2e.database.db.raw(
      `INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
        employee_count, managed_companies, overall_level, cumulative_average, answers)
      SELECT gen_random_uuid(), s.submitted_at - n * interval '1 minute', s.ip_address,
        jsonb_set(s.demographic_data, '{email_address}', to_jsonb('ada' || n || '@okafor-msp.example')),
        'ada' || n || '@okafor-msp.example', s.email_domain, s.employee_count, s.managed_companies,
        s.overall_level, s.cumulative_average, s.answers
      FROM submissions s CROSS JOIN generate_series(1, ?) n WHERE s.id = ?`,
      [OKAFORS - 1, id],
    );
  }, 120_000);
  afterAll(() => e2e?.close());

  it('says more than 10,000 match, at every width and theme, and counts a narrower search exactly', async () => {
    for (const [width, theme] of VIEWS) {
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
      await signIn(page, admin.email, '/admin/submissions?search=okafor');
      const total = page.locator('.submissions-total');
      await expect.poll(() => total.textContent()).toBe('more than 10,000 matching submissions');
      const pages = page.getByRole('navigation', { name: 'Pages of submissions' });
      expect(await pages.textContent()).toContain('1–25 of more than 10,000');
      expect(await pages.textContent()).toContain('Page 1 of 400');
      await expectAccessible(page, `submissions-capped-${width}-${theme}`);
      await e2e.screenshot(page, `admin-submissions-capped-${width}-${theme}`);

      if (width === 1280) {
        // A search that matches fewer is counted exactly.
        await page.getByLabel('Search submissions').fill('ada12@');
        await page.waitForURL(/search=ada12%40/);
        await expect.poll(() => total.textContent()).toBe('1 matching submission');
        expect(await pages.textContent()).toContain('1–1 of 1');
      }
      await context.close();
    }
  });
});
