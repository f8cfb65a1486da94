import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { fillDemographics, questionPosition, type Visitor } from './assessment-steps.js';
import { VIEWS, saveScreenshot, startE2E, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { backdateSubmission, monthsAgo, submitAssessment } from './submissions-seed.js';

const visitor = {
  text: {
    'First Name': 'Robin',
    'Last Name': 'Campaign',
    'Email Address': 'robin@campaign-msp.example',
    'Company Name': 'Campaign MSP',
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

describe('attribution in Chromium: from a campaign address to the admin', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  it('keeps the landing address campaign through the assessment and stores it with the submission', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light' });
    // Arriving from another site's article, whose address the server must never see.
    await page.goto('/?utm_source=x&utm_campaign=y&ref=p', {
      referer: 'https://news.example.org/article/42?reader=private-token',
    });
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    // The assessment's own address carries no campaign: the visit remembers it.
    expect(new URL(page.url()).search).toBe('');
    await fillDemographics(page, visitor);
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

    const row = await e2e.database.db('submissions').where({ id }).first();
    expect(row).toMatchObject({
      utm_source: 'x',
      utm_medium: null,
      utm_campaign: 'y',
      utm_term: null,
      utm_content: null,
      ref_code: 'p',
      referrer_host: 'news.example.org',
      landing_path: '/',
    });
    // The visit is the tab's session storage: no cookie was set for it.
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('lists and filters by source and campaign, and shows the source in the detail', async () => {
    const seeded = [
      { name: 'Avery', source: 'linkedin', campaign: 'spring-webinar', ref: 'partner-a', months: 2 },
      { name: 'Blake', source: 'linkedin', campaign: 'ebook-2026', ref: 'partner-b', months: 1 },
      { name: 'Casey', source: 'newsletter', campaign: 'spring-webinar', ref: 'partner-a', months: 1 },
      { name: 'Drew', source: null, campaign: null, ref: null, months: 0 },
    ];
    for (const entry of seeded) {
      const { id } = await submitAssessment(
        e2e.server,
        {
          first_name: entry.name,
          last_name: 'Source',
          email_address: `${entry.name.toLowerCase()}@source-msp.example`,
          company: `${entry.name} MSP`,
        },
        'middle',
        entry.source
          ? {
              source: entry.source,
              medium: 'social',
              campaign: entry.campaign,
              ref: entry.ref,
              referrer: 'www.linkedin.com',
              landingPath: '/',
            }
          : undefined,
      );
      if (entry.months > 0) await backdateSubmission(e2e.database.db, id, monthsAgo(entry.months));
    }

    for (const [width, theme] of VIEWS) {
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
      await signIn(page, admin.email, '/admin/submissions');
      const list = page.getByRole('list', { name: 'Submissions' });
      await list.getByText('Avery Source').waitFor();
      const row = (name: string) => list.getByRole('listitem').filter({ hasText: name });
      expect(await row('Avery Source').textContent()).toContain('Source linkedin · Campaign spring-webinar');
      expect(await row('Drew Source').textContent()).toContain('Source (direct)');

      await page.getByLabel('Filter by source').fill('linkedin');
      await page.waitForURL(/source=linkedin/);
      await list.getByText('Casey Source').waitFor({ state: 'detached' });
      expect(
        (await list.getByRole('listitem').allTextContents()).map((text) => text.split('Source')[0]),
      ).toEqual(['Blake ', 'Avery ']);
      await page.getByLabel('Filter by campaign').fill('spring-webinar');
      await page.waitForURL(/campaign=spring-webinar/);
      await list.getByText('Blake Source').waitFor({ state: 'detached' });
      expect(await list.getByRole('listitem').count()).toBe(1);
      if (width === 1280) await expectAccessible(page, `submissions-filtered-${width}-${theme}`);
      await shot(e2e, page, `attribution-submissions-list-${width}-${theme}`);

      await row('Avery Source').getByRole('button').click();
      const source = page.getByRole('region', { name: 'Source', exact: true });
      await source.waitFor();
      const text = await source.textContent();
      for (const part of [
        'Sourcelinkedin',
        'Mediumsocial',
        'Campaignspring-webinar',
        'Referring sitewww.linkedin.com',
        'Landing page/',
      ])
        expect(text).toContain(part);
      await expectAccessible(page, `submission-source-${width}-${theme}`);
      await shot(e2e, page, `attribution-submission-detail-${width}-${theme}`);

      // A filter nothing matches says so, and clears.
      if (width === 1280) {
        await page.goto('/admin/submissions?source=nowhere');
        await page.getByRole('heading', { name: 'No matching submissions' }).waitFor();
        await page.getByRole('button', { name: 'Clear filters' }).click();
        await list.getByText('Drew Source').waitFor();
        expect(new URL(page.url()).search).toBe('');

        // A partner's report is one filter: its referral code narrows the list and the export.
        await page.getByLabel('Filter by referral code').fill('partner-a');
        await page.waitForURL(/ref=partner-a/);
        await list.getByText('Blake Source').waitFor({ state: 'detached' });
        expect(
          (await list.getByRole('listitem').allTextContents()).map((text) => text.split('Source')[0]),
        ).toEqual(['Casey ', 'Avery ']);
        await page.getByLabel('Filter by medium').fill('social');
        await page.waitForURL(/medium=social/);
        expect(await list.getByRole('listitem').count()).toBe(2);
        await page.getByRole('button', { name: 'Export CSV / XLSX' }).click();
        const dialog = page.getByRole('dialog', { name: 'Export Submissions' });
        await dialog
          .getByText(
            'As the list is filtered: only submissions with medium “social” and referral code “partner-a”.',
          )
          .waitFor();
        await expectAccessible(page, `submissions-export-by-partner-${width}-${theme}`);
        await shot(e2e, page, `attribution-export-by-partner-${width}-${theme}`);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          dialog.getByRole('button', { name: 'Export', exact: true }).click(),
        ]);
        const [header, ...body] = parse(fs.readFileSync(await download.path(), 'utf8'), {
          bom: true,
        }) as string[][];
        expect(body.map((line) => line[header!.indexOf('First Name')]).sort()).toEqual(['Avery', 'Casey']);
        expect(body.map((line) => line[header!.indexOf('Ref')])).toEqual(['partner-a', 'partner-a']);
      }
      await context.close();
    }
  });

  it('shows submissions per source and per campaign on the Analytics screen', async () => {
    for (const [width, theme] of VIEWS) {
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
      await signIn(page, admin.email, '/admin/analytics');
      const panel = page.getByRole('region', { name: 'Submissions by source' });
      const chart = panel.getByRole('img', {
        name: /^Lines of the 4 busiest sources, submissions per month/,
      });
      await chart.waitFor();
      // linkedin's two, then newsletter's one, the journey's x and Drew's none (ties by name).
      expect(await chart.getAttribute('aria-label')).toContain('linkedin: 2; newsletter: 1; x: 1; (none): 1');
      const rows = async () =>
        (await panel.getByRole('table').getByRole('row').allTextContents()).slice(1).map((r) => r.trim());
      expect(await rows()).toEqual(['linkedin240%', 'newsletter120%', 'x120%', '(none)120%']);
      if (theme === 'dark' && width === 1280) {
        await expectAccessible(page, 'analytics-sources-1280-dark');
      }
      await shot(e2e, page, `attribution-analytics-sources-${width}-${theme}`);

      await panel.getByLabel('Show', { exact: true }).selectOption('campaigns');
      await panel.getByRole('img', { name: /busiest campaigns/ }).waitFor();
      expect(await rows()).toEqual(['spring-webinar240%', 'ebook-2026120%', 'y120%', '(no campaign)120%']);
      await panel.getByLabel('Show', { exact: true }).selectOption('refs');
      await panel.getByRole('img', { name: /busiest referral codes/ }).waitFor();
      expect(await rows()).toEqual(['partner-a240%', 'p120%', 'partner-b120%', '(no referral code)120%']);
      await panel.getByLabel('Show', { exact: true }).selectOption('mediums');
      await panel.getByRole('img', { name: /busiest mediums/ }).waitFor();
      expect(await rows()).toEqual(['social360%', '(no medium)240%']);
      if (width === 1280 && theme === 'dark')
        await shot(e2e, page, `attribution-analytics-mediums-${width}-${theme}`);
      await panel.getByLabel('Show', { exact: true }).selectOption('campaigns');
      await panel.getByLabel('Per', { exact: true }).selectOption('day');
      await panel.getByRole('img', { name: /busiest campaigns, submissions per day/ }).waitFor();
      if (width === 390 && theme === 'light') await expectAccessible(page, 'analytics-campaigns-390-light');
      await context.close();
    }
  });
});
