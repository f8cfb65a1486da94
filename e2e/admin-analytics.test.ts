import type { V1AnalyticsOverview } from '@msp/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { OUTSIDE_REQUEST } from '../services-api/src/http/audit-trail.js';
import { createApiKey } from '../services-api/src/plugins/api-keys/api-keys-service.js';
import { expectAccessible } from './axe.js';
import { startE2E, VIEWS, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { backdateSubmission, monthsAgo, submitAssessment, type AnswerPick } from './submissions-seed.js';

type Theme = 'light' | 'dark';

describe('admin analytics in Chromium: with no submissions, then with some', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  async function openAnalytics(options: { width?: number; theme?: Theme } = {}) {
    const theme = options.theme ?? 'dark';
    const { context, page } = await e2e.newPage({ width: options.width, theme, colorScheme: theme });
    await signIn(page, admin.email, '/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics Dashboard', level: 1 }).waitFor();
    return { context, page };
  }

  /** A panel's "No submission data available": the month chart and the sources panel both say it. */
  const emptyIn = (page: Page, panel: string) =>
    page.getByRole('region', { name: panel }).getByText('No submission data available', { exact: true });
  const tile = (page: Page, label: string) =>
    page.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({ hasText: label });

  it('links to Submissions and Analytics from the dashboard', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(page, admin.email, '/admin');
    await page.getByRole('heading', { name: 'Content Management System', level: 1 }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual([
      'Dashboard',
      'Submissions',
      'In progress',
      'Organisations',
      'Personal Data',
      'Pillars',
      'Questions',
      'Demographics',
      'Matrix',
      'Analytics',
      'Email Templates',
      'Translations',
      'Users',
      'Integrations',
      'Settings',
      'API Keys',
      'API Docs',
      'Audit Log',
    ]);
    await page
      .getByRole('link', { name: /^Submissions/ })
      .filter({ hasText: 'Completed assessments' })
      .click();
    await page.waitForURL('**/admin/submissions');
    await page.getByRole('heading', { name: /^Assessment Submissions/, level: 1 }).waitFor();
    await page.goBack();
    await page
      .getByRole('link', { name: /^Analytics/ })
      .filter({ hasText: 'Submissions per month' })
      .click();
    await page.waitForURL('**/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics Dashboard', level: 1 }).waitFor();
    await context.close();
  });

  it('with no submissions: the empty states, zero tiles, the explanation and the privacy note', async () => {
    const { context, page } = await openAnalytics();
    // The month chart's empty state; the sources panel, by month too, says the same once its own
    // read ends, and is waited for so the page is settled before it is checked.
    await emptyIn(page, 'Submissions per month').waitFor();
    await emptyIn(page, 'Submissions by source').waitFor();
    await page.getByText('No maturity score data available', { exact: true }).waitFor();
    expect(await tile(page, 'Total Submissions').textContent()).toContain('0');
    expect(await tile(page, 'Average Overall Level').textContent()).toContain('—');
    expect(await tile(page, 'Months of Data').textContent()).toContain('0');
    await page.getByRole('heading', { name: 'How scores are calculated' }).waitFor();
    await page.getByText(/aggregated and anonymized/).waitFor();
    // Nothing to draw: the chart's code is not even fetched.
    expect(await page.locator('.analytics-chart svg').count()).toBe(0);
    await e2e.screenshot(page, 'admin-analytics-empty-1280-dark');
    await expectAccessible(page, 'admin-analytics-empty-1280-dark');
    await context.close();

    const narrow = await openAnalytics({ width: 390, theme: 'light' });
    await emptyIn(narrow.page, 'Submissions per month').waitFor();
    await emptyIn(narrow.page, 'Submissions by source').waitFor();
    await e2e.screenshot(narrow.page, 'admin-analytics-empty-390-light');
    await expectAccessible(narrow.page, 'admin-analytics-empty-390-light');
    await narrow.context.close();
  });

  it('with submissions: the monthly line chart, the pillar averages against 3 and the tiles', async () => {
    // Two submissions three months ago, one last month, three this month; none two months ago.
    const picks: AnswerPick[] = ['first', 'last', 'middle', 'last', 'first', 'middle'];
    const months = [3, 3, 1, 0, 0, 0];
    for (const [index, pick] of picks.entries()) {
      const submission = await submitAssessment(
        e2e.server,
        {
          first_name: `Analyst${index}`,
          last_name: 'Example',
          email_address: `analyst${index}@msp.example`,
          company: 'Example MSP',
        },
        pick,
      );
      if (months[index]! > 0)
        await backdateSubmission(e2e.database.db, submission.id, monthsAgo(months[index]!));
    }
    const expected = (await e2e.database
      .db('submission_pillar_scores')
      .select('pillar_name')
      .avg({ average: 'level' })
      .groupBy('pillar_name')) as { pillar_name: string; average: string | number }[];

    const { context, page } = await openAnalytics();
    // The chart: a lazy chunk, drawn as an SVG with a point per month, the quiet month included.
    const chart = page.getByRole('img', { name: /^Line chart of submissions per month/ });
    await chart.waitFor();
    const label = (await chart.getAttribute('aria-label')) ?? '';
    expect(label.match(/[A-Z][a-z]{2} \d{4}: \d+/g)).toHaveLength(4);
    expect(label).toMatch(/: 2; .*: 0; .*: 1; .*: 3$/);

    expect(await tile(page, 'Total Submissions').textContent()).toContain('6');
    expect(await tile(page, 'Months of Data').textContent()).toContain('3');
    // The headline is the mean of the submissions' overall levels, the number /api/v1 answers under
    // the same name for the same data; the mean of the pillar averages is another number.
    const levels = (await e2e.database.db('submissions').select('overall_level')) as {
      overall_level: number;
    }[];
    const meanLevel = levels.reduce((sum, row) => sum + row.overall_level, 0) / levels.length;
    const { token } = await createApiKey(
      e2e.database.db,
      { name: 'Analytics reader', permissions: ['read'] },
      null,
      () => e2e.server.plugins['api-keys'].authenticator.invalidate(),
      OUTSIDE_REQUEST,
    );
    const overview = (await (
      await fetch(`${e2e.baseUrl}/api/v1/analytics/overview`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as V1AnalyticsOverview;
    expect(overview.averageOverallLevel).toBeCloseTo(meanLevel, 2);
    expect(overview.totalSubmissions).toBe(6);
    const headline = await tile(page, 'Average Overall Level').textContent();
    expect(headline).toContain(`${(Math.round(overview.averageOverallLevel! * 10) / 10).toFixed(1)} / 3`);
    expect(await tile(page, 'Total Submissions').textContent()).toContain(String(overview.totalSubmissions));
    await page
      .getByRole('list', { name: 'Summary' })
      .getByText('Overall Average Score')
      .waitFor({ state: 'detached' });

    // One bar per pillar: one decimal, filled against 3.
    for (const row of expected) {
      const meter = page.getByRole('meter', { name: `${row.pillar_name} average` });
      const average = Number(row.average);
      const shown = (Math.round(average * 10) / 10).toFixed(1);
      expect(await meter.getAttribute('aria-valuetext')).toBe(`${shown} of 3`);
      const width = await meter.locator('.analytics-pillar__fill').evaluate((fill) => fill.style.width);
      // The server rounds its averages to two decimals: agree within half a percent of the bar.
      expect(Number.parseFloat(width)).toBeCloseTo((average / 3) * 100, 0);
    }
    expect(await page.getByText('No submission data available').count()).toBe(0);

    for (const [width, theme] of VIEWS) {
      const view =
        width === 1280 && theme === 'dark' ? { context, page } : await openAnalytics({ width, theme });
      await view.page.getByRole('img', { name: /^Line chart of submissions per month/ }).waitFor();
      const overflow = await view.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await e2e.screenshot(view.page, `admin-analytics-${width}-${theme}`);
      await expectAccessible(view.page, `admin-analytics-${width}-${theme}`);
      await view.context.close();
    }
  });

  it('shows Failed to Load Analytics when the analytics cannot be read', async () => {
    const { context, page } = await e2e.newPage();
    await context.route('**/api/admin/analytics', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await signIn(page, admin.email, '/admin/analytics');
    await page.getByRole('heading', { name: 'Failed to Load Analytics' }).waitFor({ timeout: 20_000 });
    await page.getByText('Unable to fetch analytics data. Please try again later.').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await e2e.screenshot(page, 'admin-analytics-error-1280-dark');
    await expectAccessible(page, 'admin-analytics-error-1280-dark');
    await context.close();
  });
});
