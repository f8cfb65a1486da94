import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { fillDemographics, questionPosition, type Visitor } from './assessment-steps.js';
import { appTakesOver, ARTIFACTS_DIR, startE2E, type E2E } from './harness.js';

const visitor = {
  text: {
    'First Name': 'Dana',
    'Last Name': 'Reyes',
    'Email Address': 'dana@northwind-it.example',
    'Company Name': 'Northwind IT',
  },
  employees: '11-25',
  companies: '26-50',
} satisfies Visitor;

describe('the visitor journey in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('takes the whole assessment and sees real results', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'dark' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    await page.getByText(/BEST describes/).waitFor();

    const next = page.getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    // Next stays enabled and says what is missing when pressed (assessment-path.test.ts).
    expect(await next.isEnabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(true);
    await e2e.screenshot(page, 'assessment-demographics-1280');
    await expectAccessible(page, 'assessment-demographics-1280');

    // A value of spaces passes "has a value" but is not a name: the error shows, then clears on edit.
    await fillDemographics(page, visitor);
    await page.getByLabel('First Name', { exact: true }).fill('   ');
    await page.getByLabel('Email Address', { exact: true }).fill('dana-at-northwind');
    await next.click();
    await page.getByText('First Name is required', { exact: true }).waitFor();
    await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
    await page.getByLabel('First Name', { exact: true }).fill('Dana');
    await page.getByText('First Name is required', { exact: true }).waitFor({ state: 'detached' });
    await page.getByLabel('Email Address', { exact: true }).fill(visitor.text['Email Address']);
    await next.click();

    // Questions, one at a time.
    const dbQuestions = await e2e.database.db('questions').where({ is_active: true });
    let position = await questionPosition(page);
    expect(position).toEqual({ current: 1, total: dbQuestions.length });
    // Progress counts answered questions: none yet on question 1.
    await page.getByText('0% Complete').waitFor();
    await e2e.screenshot(page, 'assessment-question-1280');
    await expectAccessible(page, 'assessment-question-1280');

    const answered: string[] = [];
    let wentBack = false;
    while (true) {
      position = await questionPosition(page);
      const radios = page.getByRole('radio');
      expect(await radios.count()).toBe(4);
      // Every question answered before this one counts, and this one not yet.
      if (!answered[position.current]) {
        const percent = Math.floor(((position.current - 1) / position.total) * 100);
        await page.getByText(`${percent}% Complete`).waitFor();
      }
      // A mixed profile: strong answers on odd questions, weak ones on even.
      const choice = radios.nth(position.current % 2 === 0 ? 0 : 3);
      await choice.check();
      answered[position.current] = (await choice.getAttribute('value')) ?? '';
      expect(answered[position.current]).toMatch(/^\d+$/);

      if (position.current === 3 && !wentBack) {
        wentBack = true;
        await previous.click();
        expect((await questionPosition(page)).current).toBe(2);
        // The earlier answer is still chosen.
        expect(await page.locator(`input[type=radio][value="${answered[2]}"]`).isChecked()).toBe(true);
        await next.click();
        continue;
      }
      if (position.current === position.total) break;
      await next.click();
    }
    expect(wentBack).toBe(true);
    const submit = page.getByRole('button', { name: 'Submit Assessment' });
    await submit.click();
    await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
    const resultsUrl = page.url();

    await checkResults(page);
    // The first MSP to answer has no peers yet: the comparison says when it will appear.
    await page
      .getByText('The comparison appears once three similar MSPs have taken the assessment')
      .waitFor();
    await e2e.screenshot(page, 'results-1280');
    await expectAccessible(page, 'results-1280');

    const stored = await e2e.database.db('submissions').orderBy('submitted_at', 'desc').first();
    expect(resultsUrl).toContain(stored.id);
    expect(stored.demographic_data).toMatchObject({ first_name: 'Dana', company: 'Northwind IT' });

    // A reload of the results URL shows the same results.
    await page.reload();
    await checkResults(page);
    // The draft is gone after submitting: a new assessment starts empty.
    await page.goto('/assessment');
    expect(await page.getByLabel('First Name', { exact: true }).inputValue()).toBe('');
    // From the landing page to the results, nothing set a cookie: a CDN could keep every public
    // page the visitor read, and the submission needed no token.
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('keeps answers through a reload and resumes where the visitor was', async () => {
    const { context, page } = await e2e.newPage({ width: 390, theme: 'light' });
    await page.goto('/assessment');
    await fillDemographics(page, visitor);
    await e2e.screenshot(page, 'assessment-demographics-390');
    await expectAccessible(page, 'assessment-demographics-390');
    await page.getByRole('button', { name: 'Next' }).click();
    for (let i = 0; i < 2; i++) {
      await page.getByRole('radio').nth(1).check();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    expect((await questionPosition(page)).current).toBe(3);
    await e2e.screenshot(page, 'assessment-question-390');
    await expectAccessible(page, 'assessment-question-390');

    await page.reload();
    expect((await questionPosition(page)).current).toBe(3);
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.locator('input[type=radio]:checked').count()).toBe(1);
    // Question 2 -> question 1 -> the demographic step.
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.getByLabel('Company Name', { exact: true }).inputValue()).toBe('Northwind IT');
    await context.close();
  });

  it('shows the error toast and keeps the answers when submitting fails', async () => {
    const { context, page } = await e2e.newPage();
    await page.route('**/api/assessment/submit', (route) =>
      route.fulfill({ status: 503, body: 'down for maintenance' }),
    );
    await page.goto('/assessment');
    await fillDemographics(page, visitor);
    await page.getByRole('button', { name: 'Next' }).click();
    while (true) {
      await page.getByRole('radio').first().check();
      const { current, total } = await questionPosition(page);
      if (current === total) break;
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page.getByText('Failed to submit assessment. Please try again.').waitFor();
    expect(await page.getByText('Error', { exact: true }).count()).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/assessment$/);
    expect(await page.locator('input[type=radio]:checked').count()).toBe(1);
    await context.close();
  });

  it('shows the peer comparison once three other similar MSPs exist, at phone width too', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const questions = await e2e.server.inject({ url: '/api/assessment-questions' });
      const answers = (JSON.parse(questions.payload) as { id: number; answers: { id: number }[] }[]).map(
        (q) => ({
          questionId: q.id,
          answerId: q.answers[i % 4]!.id,
        }),
      );
      const response = await e2e.server.inject({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: {
          demographicData: {
            first_name: 'Sam',
            last_name: 'Okafor',
            email_address: `sam${i}@harbour-msp.example`,
            company: 'Harbour MSP',
            employee_count: '26-50',
            managed_companies: '51-100',
          },
          answers,
        },
      });
      ids.push(JSON.parse(response.payload).submissionId);
    }
    const { context, page } = await e2e.newPage({ width: 390, theme: 'light' });
    await page.goto(`/results/${ids[3]}`);
    await checkResults(page);
    await page.getByRole('heading', { name: 'How You Compare to Similar MSPs' }).waitFor();
    await page.getByText(/Compared to 3 other MSPs/).waitFor();
    await page.getByText(/26-50 employees/).waitFor();
    await e2e.screenshot(page, 'results-390');
    await expectAccessible(page, 'results-390');
    await context.close();
  });

  /** A submission made through the API, its answers picked by `pick`; returns its id. */
  async function submitThroughApi(email: string, pick: (index: number) => number): Promise<string> {
    const questions = await e2e.server.inject({ url: '/api/assessment-questions' });
    const answers = (JSON.parse(questions.payload) as { id: number; answers: { id: number }[] }[]).map(
      (question, index) => ({ questionId: question.id, answerId: question.answers[pick(index)]!.id }),
    );
    const response = await e2e.server.inject({
      method: 'POST',
      url: '/api/assessment/submit',
      payload: {
        demographicData: {
          first_name: 'Lee',
          last_name: 'Marsh',
          email_address: email,
          company: 'Marsh Managed IT',
          employee_count: '1-5',
          managed_companies: '1-10',
        },
        answers,
      },
    });
    expect(response.statusCode, response.payload).toBe(201);
    return JSON.parse(response.payload).submissionId as string;
  }

  it('plots each pillar at its own score on the 0-3 radar, with the level rings', async () => {
    const id = await submitThroughApi('lee.radar@marsh-it.example', (index) => (index * 7) % 4);
    const results = JSON.parse(
      (await e2e.server.inject({ url: `/api/assessment/results/${id}` })).payload,
    ) as {
      pillarScores: { pillarName: string; normalizedScore: number }[];
    };
    for (const width of [1280, 390]) {
      const { context, page } = await e2e.newPage({ width, theme: 'light' });
      await page.goto(`/results/${id}`);
      const svg = page.locator('.radar-chart:not(.radar-chart--loading) svg');
      await svg.locator('circle').first().waitFor();
      const geometry = await svg.evaluate((element) => {
        const centreOf = (box: DOMRect) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
        const rings = [...element.querySelectorAll('path[fill="none"]')].map((ring) =>
          ring.getBoundingClientRect(),
        );
        const outer = rings.reduce((a, b) => (a.height > b.height ? a : b));
        const centre = centreOf(outer);
        const dots = [...element.querySelectorAll('circle')].map((dot) => {
          const at = centreOf(dot.getBoundingClientRect());
          return Math.hypot(at.x - centre.x, at.y - centre.y) / (outer.height / 2);
        });
        return { rings: rings.length, dots };
      });
      // One ring per level of the 0-3 scale.
      expect(geometry.rings).toBe(3);
      // Each dot sits at its pillar's percentage of the outer ring, not at its level's ring.
      expect(geometry.dots).toHaveLength(results.pillarScores.length);
      geometry.dots.forEach((distance, index) =>
        expect(distance).toBeCloseTo(results.pillarScores[index]!.normalizedScore, 1),
      );
      const label = await svg.getAttribute('aria-label');
      const first = results.pillarScores[0]!;
      expect(label).toContain(`${first.pillarName}: ${Math.round(first.normalizedScore * 100)}%`);
      // The pillar names stay readable on a phone.
      const smallest = await svg.evaluate((element) =>
        Math.min(
          ...[...element.querySelectorAll('text')].map((text) => parseFloat(getComputedStyle(text).fontSize)),
        ),
      );
      expect(smallest).toBeGreaterThanOrEqual(11);
      await context.close();
    }
  });

  it('shows the shape of the results page while they load, with its loading text', async () => {
    const id = await submitThroughApi('lee.loading@marsh-it.example', () => 1);
    // As on the first view, right after submitting, the analysis is still to be written: the server
    // then sends the page undrawn (once it is written, it draws the results into the page). Its
    // follow-up jobs are done first, so that none of them writes it meanwhile (the results email's
    // report holds the analysis too).
    await expect
      .poll(async () =>
        e2e.database
          .db('jobs')
          .where({ submission_id: id })
          // A running job's run_at is its lease; a queued one for later (a reminder) is not waited for.
          .where((due) =>
            due
              .where('status', 'running')
              .orWhere((queued) => queued.where('status', 'queued').where('run_at', '<=', new Date())),
          )
          .count({ count: '*' })
          .first()
          .then((row) => Number(row?.count)),
      )
      .toBe(0);
    await e2e.database.db('submissions').where({ id }).update({ ai_analysis: null });
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'dark' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // By path: the page asks with its language (?lang=).
    await page.route(
      (url) => url.pathname === `/api/assessment/results/${id}`,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`/results/${id}`);
    await page.getByRole('status').filter({ hasText: 'Analyzing your results...' }).waitFor();
    // Placeholders for the banner, the chart and scores, and the analysis; no bare spinner.
    expect(await page.locator('.results--loading .bp6-skeleton').count()).toBeGreaterThanOrEqual(10);
    expect(await page.locator('.results--loading .results__scores .results-card').count()).toBe(2);
    expect(await page.locator('.bp6-spinner').count()).toBe(0);
    await expectAccessible(page, 'the results loading state (dark)');
    await e2e.screenshot(page, 'results-loading-1280-dark');
    release();
    await page.getByRole('heading', { name: 'Your Automation Maturity Results' }).waitFor();
    expect(await page.locator('.results--loading').count()).toBe(0);
    await context.close();
  });

  it('shows the recommendation emojis, or matching icons where no emoji font can draw them', async () => {
    const id = await submitThroughApi('lee.emoji@marsh-it.example', () => 0);
    const recommendations = (page: Page) =>
      page.getByRole('region', { name: 'Your Automation Journey Analysis' }).getByRole('listitem');

    // This machine has Noto Color Emoji (CI installs it): the emojis themselves.
    const withFont = await e2e.newPage({ width: 1280, theme: 'light' });
    await withFont.page.goto(`/results/${id}`);
    await recommendations(withFont.page).first().waitFor();
    expect(await withFont.page.locator('.analysis__emoji').allTextContents()).toEqual(['🎯', '🚀', '⭐']);
    expect(await withFont.page.locator('.analysis__emoji--icon').count()).toBe(0);
    await withFont.context.close();

    // A browser without an emoji font draws nothing in colour: canvas text is painted in the fill
    // colour only, as the monochrome fallback glyph would be.
    const noFont = await e2e.newPage({ width: 390, theme: 'dark' });
    await noFont.context.addInitScript(() => {
      CanvasRenderingContext2D.prototype.fillText = function (_text: string, x: number, y: number) {
        this.fillRect(x, y, 16, 16);
      };
    });
    await noFont.page.goto(`/results/${id}`);
    await recommendations(noFont.page).first().waitFor();
    // The server drew the emojis most browsers draw: the app, once the visitor reaches for the page,
    // finds this one cannot.
    await appTakesOver(noFont.page);
    const icons = noFont.page.locator('.analysis__emoji--icon [data-icon]');
    await expect.poll(() => icons.count()).toBe(3);
    expect(
      await icons.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-icon'))),
    ).toEqual(['target', 'rocket', 'star']);
    expect(await noFont.page.locator('.analysis__emoji').allTextContents()).toEqual(['', '', '']);
    await e2e.screenshot(noFont.page, 'results-no-emoji-font-390-dark');
    await expectAccessible(noFont.page, 'results with icons for emojis (dark, 390 px)');
    await noFont.context.close();
  });

  it('prints a light, paginated report without the site chrome from Print', async () => {
    const id = await submitThroughApi('lee.print@marsh-it.example', (index) => (index * 5) % 4);
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'dark' });
    await page.goto(`/results/${id}`);
    await checkResults(page);
    // Printed from the browser's menu before its app runs (the page waits for its visitor), it is
    // light on paper too.
    const titleColour = () =>
      page.locator('.results__title').evaluate((element) => getComputedStyle(element).color);
    await page.emulateMedia({ media: 'print' });
    await expect.poll(titleColour).toBe('rgb(28, 33, 39)');
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(titleColour).not.toBe('rgb(28, 33, 39)');
    await appTakesOver(page);
    // Print opens the browser's print dialog (the generated report is Download PDF report's).
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['.site-header', '.results__links', '.cta']) {
      expect(await page.locator(chrome).isVisible(), chrome).toBe(false);
    }
    expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Download PDF report' }).isVisible()).toBe(false);
    // The report: the chart, every score, the analysis and the recommendations.
    await checkPrintedContent(page);
    // Dark on screen, light on paper.
    const colours = await page.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      card: getComputedStyle(document.querySelector('.results-card')!).backgroundColor,
      text: getComputedStyle(document.querySelector('.results__title')!).color,
      chartText: getComputedStyle(document.querySelector('.radar-chart svg text')!).fill,
    }));
    expect(colours).toEqual({
      page: 'rgb(255, 255, 255)',
      card: 'rgb(255, 255, 255)',
      text: 'rgb(28, 33, 39)',
      chartText: 'rgb(28, 33, 39)',
    });
    await expectAccessible(page, 'the printed results');

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const pdfDir = path.join(ARTIFACTS_DIR, 'screenshots');
    fs.mkdirSync(pdfDir, { recursive: true });
    fs.writeFileSync(path.join(pdfDir, 'results-print.pdf'), pdf);
    // A few pages of report, not the screen's one long page or a blank sheet.
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(4);

    // Back on screen, the visitor's dark theme returns.
    await page.emulateMedia({ media: 'screen' });
    await page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
    await context.close();
  });

  it('says Results Not Found for an unknown submission', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/results/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Results Not Found' }).waitFor();
    await page.getByText('The assessment results could not be found.').waitFor();
    await expectAccessible(page, 'Results Not Found');
    await context.close();
  });
});

async function checkResults(page: Page) {
  await page.getByRole('heading', { name: 'Your Automation Maturity Results' }).waitFor();
  await page.getByText('Based on your assessment across 6 key pillars').waitFor();
  await page.getByRole('heading', { name: 'Maturity by Pillar' }).waitFor();
  // The radar chart is its own chunk: wait until it has drawn its polygons.
  const chart = page.getByRole('region', { name: 'Maturity by Pillar' });
  await chart.locator('.radar-chart:not(.radar-chart--loading) svg path').first().waitFor();
  for (const pillar of ['Expertise', 'KPIs']) await chart.locator('svg').getByText(pillar).first().waitFor();
  const scores = page.getByRole('region', { name: 'Detailed Scores' });
  for (const pillar of ['Expertise', 'Processes', 'Alignment', 'Leadership', 'Tooling', 'KPIs']) {
    await scores.getByText(pillar, { exact: true }).first().waitFor();
  }
  expect(await scores.getByText(/^Level [0-3]: /).count()).toBe(6);
  // The ring names the scale it is on: "Level 2 of 3", not a bare "2 of 3" that reads as a count.
  const level = /^Level ([0-3]): /.exec(
    (await page.locator('#overall-level-heading').textContent()) ?? '',
  )?.[1];
  expect(level).toBeDefined();
  const dial = await page.locator('.overall-banner__dial').innerText();
  expect(dial.replace(/\s+/g, ' ').trim()).toBe(`Level ${level} of 3`);
  await page.getByRole('heading', { name: 'Your Automation Journey Analysis' }).waitFor();
  await page.getByRole('heading', { name: 'Top Recommendations' }).waitFor();
  await page.getByRole('heading', { name: 'Ready to Accelerate Your Automation?' }).waitFor();
  await page.getByRole('link', { name: 'Learn About Northwind Automation' }).waitFor();
}

async function checkPrintedContent(page: Page) {
  const chart = page.getByRole('region', { name: 'Maturity by Pillar' });
  expect(await chart.locator('svg').isVisible()).toBe(true);
  const scores = page.getByRole('region', { name: 'Detailed Scores' });
  expect(await scores.isVisible()).toBe(true);
  expect(await scores.getByText(/^\d+%$/).count()).toBe(6);
  const analysis = page.getByRole('region', { name: 'Your Automation Journey Analysis' });
  expect(await analysis.isVisible()).toBe(true);
  expect(await analysis.getByRole('listitem').count()).toBe(3);
  expect(await page.getByText('Overall Maturity Level').isVisible()).toBe(true);
}
