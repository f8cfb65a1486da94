import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { fillDemographics, questionPosition, type Visitor } from './assessment-steps.js';
import { startE2E, type E2E } from './harness.js';

/** The draft's key in local storage (apps-web/src/public/assessment/draft.ts). */
const DRAFT_KEY = 'msp-assessment-draft';

const visitor = {
  text: {
    'First Name': 'Ines',
    'Last Name': 'Duarte',
    'Email Address': 'ines@tagus-msp.example',
    'Company Name': 'Tagus MSP',
  },
  employees: '6-10',
  companies: '11-25',
} satisfies Visitor;

/** Where the sticky header ends, in viewport pixels. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  return box!.y + box!.height;
}

/** The top of an element in viewport pixels. */
async function topOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.y;
}

/** The id of the element that has focus, or its type for an input without one. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return element?.id || `${element?.tagName.toLowerCase()}[type=${element?.type}]`;
  });

/** The step line and the step's heading are both fully below the sticky header and on screen. */
async function expectStepBelowHeader(page: Page, stepLine: RegExp, where: string) {
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  const bottom = await headerBottom(page);
  for (const [name, element] of [
    ['step line', page.getByText(stepLine)],
    ['heading', heading],
  ] as const) {
    const top = await topOf(element);
    expect(top, `${name} ${where}: top ${top}, header bottom ${bottom}`).toBeGreaterThanOrEqual(bottom);
    expect(top, `${name} ${where}`).toBeLessThan(page.viewportSize()!.height);
  }
}

/** The progress bar's value as assistive technology reads it. */
async function progressBar(page: Page) {
  const bar = page.getByRole('progressbar', { name: 'Assessment progress' });
  return {
    now: Number(await bar.getAttribute('aria-valuenow')),
    min: Number(await bar.getAttribute('aria-valuemin')),
    max: Number(await bar.getAttribute('aria-valuemax')),
    text: await bar.getAttribute('aria-valuetext'),
  };
}

describe('the visitor’s path through the assessment, on a phone and on a desktop', () => {
  let e2e: E2E;
  let questionCount: number;
  beforeAll(async () => {
    e2e = await startE2E();
    const active = await e2e.database.db('questions').where({ is_active: true }).count({ n: '*' });
    questionCount = Number(active[0]!.n);
  });
  afterAll(() => e2e?.close());

  for (const [width, theme] of [
    [1280, 'dark'],
    [390, 'light'],
  ] as const) {
    it(`at ${width} px, Next names what is missing, moves to it, and the new step shows below the header`, async () => {
      const { context, page } = await e2e.newPage({ width, height: 800, theme });
      await page.goto('/assessment');
      await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
      const next = page.getByRole('button', { name: 'Next' });
      // Next is never silently disabled: pressing it says what is missing. (The form the server
      // drew takes input once the app has taken it over: until then, nothing in it does.)
      await expect.poll(() => next.isEnabled()).toBe(true);
      await next.click();
      await page.getByText('First Name is required', { exact: true }).waitFor();
      expect(await focused(page)).toBe('demographic-first_name');
      const alert = page.getByRole('alert').filter({ hasText: 'fields need your attention' });
      expect(await alert.textContent()).toMatch(/^\d+ fields need your attention\. First Name is required\./);

      // One field left empty: its message, its state and the focus all land on it.
      await fillDemographics(page, visitor, ['Company Name']);
      await next.click();
      const company = page.getByLabel('Company Name', { exact: true });
      await page.getByText('Company Name is required', { exact: true }).waitFor();
      expect(await focused(page)).toBe('demographic-company');
      expect(await company.getAttribute('aria-invalid')).toBe('true');
      const described = await company.getAttribute('aria-describedby');
      expect(await page.locator(`#${described}`).textContent()).toBe('Company Name is required');
      expect(await page.getByRole('alert').filter({ hasText: 'Company Name is required' }).count()).toBe(1);
      // Scrolled to, and not under the sticky header: its label shows too.
      const label = page.locator('label[for="demographic-company"]');
      expect(await topOf(label)).toBeGreaterThanOrEqual(await headerBottom(page));
      await e2e.screenshot(page, `assessment-path-missing-field-${width}-${theme}`);
      await expectAccessible(page, `the demographic step with a missing field at ${width} px`);

      await company.fill(visitor.text['Company Name']);
      await page.getByText('Company Name is required', { exact: true }).waitFor({ state: 'detached' });
      await next.click();

      // Question 1: nothing answered yet, so no progress yet (not 22% for the fields filled in).
      await page.getByText(/^Question 1 of \d+$/).waitFor();
      await expectStepBelowHeader(page, /^Step 2 of 2/, `after Next on the demographic step at ${width} px`);
      expect(await focused(page)).toMatch(/^question-\d+-text$/);
      await page.getByText('0% Complete').waitFor();
      expect(await progressBar(page)).toEqual({
        now: 0,
        min: 0,
        max: 100,
        text: `0 of ${questionCount} questions answered, 0% Complete`,
      });

      // Next without an answer: the message at the answers, announced, and focus on the first one.
      await page.getByRole('button', { name: 'Next' }).click();
      const missing = page.getByRole('alert').filter({ hasText: 'Please choose an answer to continue.' });
      await missing.waitFor();
      expect((await questionPosition(page)).current).toBe(1);
      expect(await focused(page)).toBe('input[type=radio]');
      const answers = page.getByRole('radiogroup');
      expect(await answers.getAttribute('aria-invalid')).toBe('true');
      expect(await answers.getAttribute('aria-describedby')).toBe(await missing.getAttribute('id'));
      expect(await topOf(missing)).toBeGreaterThanOrEqual(await headerBottom(page));
      await e2e.screenshot(page, `assessment-path-missing-answer-${width}-${theme}`);
      await expectAccessible(page, `a question without an answer at ${width} px`);

      // One answer of the 30 is 3%, whatever the demographic step held.
      await page.getByRole('radio').nth(2).check();
      await missing.waitFor({ state: 'detached' });
      const onePercent = Math.floor((1 / questionCount) * 100);
      await page.getByText(`${onePercent}% Complete`).waitFor();
      expect(await progressBar(page)).toMatchObject({
        now: onePercent,
        text: `1 of ${questionCount} questions answered, ${onePercent}% Complete`,
      });

      // Scrolled down to Next, as on a phone after reading the answers; the next question shows
      // from its step line, below the header.
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(/^Question 2 of \d+$/).waitFor();
      await expectStepBelowHeader(page, /^Step 2 of 2/, `after Next on question 1 at ${width} px`);
      // Moving on counts nothing: progress is what was answered.
      await page.getByText(`${onePercent}% Complete`).waitFor();
      await context.close();
    });

    it(`at ${width} px, “Submit Assessment” fits on one line`, async () => {
      const { context, page } = await e2e.newPage({ width, theme });
      await page.goto('/assessment');
      await fillDemographics(page, visitor);
      await page.getByRole('button', { name: 'Next' }).click();
      while (true) {
        await page.getByRole('radio').first().check();
        const { current, total } = await questionPosition(page);
        if (current === total) break;
        await page.getByRole('button', { name: 'Next' }).click();
      }
      await page.getByText('100% Complete').waitFor();
      const submit = page.getByRole('button', { name: 'Submit Assessment' });
      const lines = await submit.evaluate((button) => {
        const text = button.querySelector('.bp6-button-text')!;
        const style = getComputedStyle(text);
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
        const card = button.closest('.assessment-card')!.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        return {
          lines: Math.round(text.getBoundingClientRect().height / lineHeight),
          // Nothing cut off: the label fits the button, and the button the card.
          clipped: button.scrollWidth > button.clientWidth,
          inside: box.left >= card.left && box.right <= card.right,
        };
      });
      expect(lines).toEqual({ lines: 1, clipped: false, inside: true });
      // Both buttons keep a full-size touch target.
      for (const name of ['Previous', 'Submit Assessment']) {
        const box = (await page.getByRole('button', { name }).boundingBox())!;
        expect(box.height, name).toBeGreaterThanOrEqual(40);
        expect(box.width, name).toBeGreaterThanOrEqual(120);
      }
      await e2e.screenshot(page, `assessment-path-submit-${width}-${theme}`);
      await expectAccessible(page, `the last question at ${width} px`);
      await context.close();
    });

    it(`at ${width} px, a returning visitor is told the draft was resumed and can start over`, async () => {
      const { context, page } = await e2e.newPage({ width, theme });
      await page.goto('/assessment');
      await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
      // A first visit has nothing to resume.
      expect(await page.getByText('Welcome back.').count()).toBe(0);
      await fillDemographics(page, visitor);
      await page.getByRole('button', { name: 'Next' }).click();
      for (let i = 0; i < 2; i++) {
        await page.getByRole('radio').nth(1).check();
        await page.getByRole('button', { name: 'Next' }).click();
      }
      expect((await questionPosition(page)).current).toBe(3);

      await page.reload();
      expect((await questionPosition(page)).current).toBe(3);
      const notice = page.locator('p', { hasText: /^Welcome back\./ });
      await notice.waitFor();
      expect(await notice.textContent()).toBe(
        `Welcome back. We resumed the assessment you started in this browser, with 2 of ${questionCount} questions answered.`,
      );
      await e2e.screenshot(page, `assessment-path-resumed-${width}-${theme}`);
      await expectAccessible(page, `the resumed notice at ${width} px`);

      // Start over asks in the page first; keeping the answers changes nothing.
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Start over' }).click();
      const question = page.getByRole('group', { name: /^Start over\?/ });
      await question.waitFor();
      expect(await question.getAttribute('aria-labelledby')).toBeTruthy();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep my answers');
      await e2e.screenshot(page, `assessment-path-start-over-${width}-${theme}`);
      await expectAccessible(page, `the start-over confirmation at ${width} px`);
      await page.getByRole('button', { name: 'Keep my answers' }).click();
      await notice.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start over');
      expect((await questionPosition(page)).current).toBe(3);
      expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toContain('Tagus MSP');

      // Confirmed: the draft is gone and the assessment begins again, at the first step.
      await page.getByRole('button', { name: 'Start over' }).click();
      await page.getByRole('button', { name: 'Clear and start over' }).click();
      await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
      await page
        .getByRole('status')
        .filter({
          hasText: 'Your saved answers were cleared. The assessment starts again from the beginning.',
        })
        .waitFor();
      expect(await focused(page)).toBe('demographics-heading');
      expect(dialogs).toBe(0);
      for (const label of Object.keys(visitor.text)) {
        expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
      }
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
      await e2e.screenshot(page, `assessment-path-started-over-${width}-${theme}`);
      await expectAccessible(page, `the assessment after starting over at ${width} px`);

      // Nothing left to resume after a reload; the new answers start from question 1.
      await page.reload();
      await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
      expect(await page.getByText('Welcome back.').count()).toBe(0);
      expect(await page.getByLabel('First Name', { exact: true }).inputValue()).toBe('');
      await fillDemographics(page, visitor);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(/^Question 1 of \d+$/).waitFor();
      await page.getByText('0% Complete').waitFor();
      await context.close();
    });
  }
});
