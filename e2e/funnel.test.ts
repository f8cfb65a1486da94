import type { Funnel, FunnelEvent } from '@msp/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { fillDemographics, questionPosition, type Visitor } from './assessment-steps.js';
import { expectAccessible } from './axe.js';
import { saveScreenshot, startE2E, VIEWPORTS, VIEWS, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

const visitor = {
  text: {
    'First Name': 'Sam',
    'Last Name': 'Okafor',
    'Email Address': 'sam@harbour-it.example',
    'Company Name': 'Harbour IT',
  },
  employees: '11-25',
  companies: '26-50',
} satisfies Visitor;

describe('the funnel in Chromium: scripted visits, counted, drawn', () => {
  let e2e: E2E;
  let admin: UserRow;
  /** Every beacon body the pages sent, across every visit. */
  const sent: FunnelEvent[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  /** A new visitor (own storage) whose beacons are recorded once the server has answered them. */
  async function newVisit(): Promise<{ context: BrowserContext; page: Page; settled: () => Promise<void> }> {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light' });
    const pending: Promise<unknown>[] = [];
    context.on('request', (request) => {
      if (!request.url().endsWith('/api/events')) return;
      const body = JSON.parse(request.postData() ?? 'null') as FunnelEvent;
      sent.push(body);
      pending.push(
        request.response().then((response) => expect(response?.status(), JSON.stringify(body)).toBe(202)),
      );
    });
    // Beacons are sent from effects after paint: wait until every one seen so far was answered.
    const settled = async () => {
      await page.waitForTimeout(150);
      await Promise.all(pending);
    };
    return { context, page, settled };
  }

  /** Lands (with a campaign or not), starts, fills the demographics and answers up to `stopAt`. */
  async function visit(options: { source?: string; stopAt?: number }) {
    const { context, page, settled } = await newVisit();
    await page.goto(options.source ? `/?utm_source=${options.source}&utm_medium=email` : '/');
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    await fillDemographics(page, visitor);
    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    while (true) {
      const position = await questionPosition(page);
      if (position.current === options.stopAt) break;
      await page.getByRole('radio').nth(1).check();
      if (position.current === position.total) {
        await page.getByRole('button', { name: 'Submit Assessment' }).click();
        await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
        await page
          .getByRole('heading', { name: /Maturity/ })
          .first()
          .waitFor();
        break;
      }
      await next.click();
      // The same visit going back and forth reports nothing new.
      if (position.current === 2) {
        await page.getByRole('button', { name: 'Previous' }).click();
        await page.getByText('Question 2 of').waitFor();
        await next.click();
      }
    }
    await settled();
    // The visit id stays in this tab; it is never sent, and no cookie was set for any of it.
    const visitId = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('msp-funnel-visit')!).id as string,
    );
    expect(visitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(sent)).not.toContain(visitId);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  }

  it('counts exactly what the visits sent: three leave at question 5, two finish', async () => {
    await visit({ source: 'Newsletter', stopAt: 5 });
    await visit({ stopAt: 5 });
    await visit({ source: 'partner-x', stopAt: 5 });
    await visit({ source: 'Newsletter' });
    await visit({});

    const per = (predicate: (event: FunnelEvent) => boolean) => sent.filter(predicate).length;
    // Each visit reported each step once.
    expect(per((event) => event.step === 'landing')).toBe(5);
    expect(per((event) => event.step === 'started')).toBe(5);
    expect(per((event) => event.step === 'demographics')).toBe(5);
    expect(per((event) => event.step === 'question' && event.position === 5)).toBe(5);
    expect(per((event) => event.step === 'question' && event.position === 6)).toBe(2);
    expect(per((event) => event.step === 'question' && event.position === 2)).toBe(5);
    expect(per((event) => event.step === 'submitted')).toBe(2);
    expect(per((event) => event.step === 'results')).toBe(2);
    expect(
      sent
        .filter((event) => event.step === 'landing')
        .map((event) => event.source ?? null)
        .sort(),
    ).toEqual(['Newsletter', 'Newsletter', 'partner-x', null, null].sort());

    const { context, page } = await e2e.newPage();
    await signIn(page, admin.email);
    const read = async (query = '') =>
      page.evaluate(
        async (url) => (await fetch(url)).json() as Promise<Funnel>,
        `/api/admin/analytics/funnel${query}`,
      );
    const funnel = await read();
    const positions = Math.max(...sent.map((event) => event.position ?? 0));
    const expected = [
      ['landing', per((event) => event.step === 'landing')],
      ['started', per((event) => event.step === 'started')],
      ['demographics', per((event) => event.step === 'demographics')],
      ...Array.from({ length: positions }, (_, index) => [
        `question-${index + 1}`,
        per((event) => event.step === 'question' && event.position === index + 1),
      ]),
      ['submitted', 2],
      ['results', 2],
    ];
    expect(funnel.steps.map((step) => [step.id, step.visits])).toEqual(expected);
    expect(funnel.steps.find((step) => step.id === 'question-6')).toMatchObject({
      dropOff: 3,
      dropOffRate: 60,
    });
    expect(funnel.conversionRate).toBe(40);
    // Each question: shown as often as it was sent, and moved on from as often as a later event said so.
    for (const question of funnel.questions) {
      expect(question.shown).toBe(
        per((event) => event.step === 'question' && event.questionId === question.questionId),
      );
      expect(question.movedOn).toBe(per((event) => event.left?.questionId === question.questionId));
    }
    expect(funnel.questions.reduce((sum, question) => sum + question.leftHere, 0)).toBe(3);
    expect(funnel.sources.map((entry) => entry.source).sort()).toEqual([
      '(direct)',
      'newsletter',
      'partner-x',
    ]);
    const newsletter = await read('?source=newsletter');
    expect(newsletter.steps.find((step) => step.id === 'submitted')?.visits).toBe(1);
    expect(newsletter.steps.find((step) => step.id === 'question-5')?.visits).toBe(2);
    await context.close();
  });

  for (const [width, theme] of VIEWS) {
    it(`draws the funnel at ${width} px in the ${theme} theme, accessibly`, async () => {
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
      await signIn(page, admin.email, '/admin/analytics');
      const panel = page.getByRole('region', { name: 'Visitor funnel' });
      await panel.waitFor();
      const steps = panel.getByRole('table', { name: 'Visits at each step' });
      await steps.waitFor();
      await panel.locator('.analytics-funnel-chart svg').waitFor();
      expect(
        await steps
          .getByRole('row', { name: /^Question 6 / })
          .getByRole('cell')
          .allTextContents(),
      ).toEqual(['2', '3 (60%)']);
      expect(
        await panel
          .locator('.analytics-funnel__figures > div')
          .filter({ hasText: 'Conversion' })
          .textContent(),
      ).toContain('40%');
      await panel.getByRole('table', { name: 'Drop-off and median time per question' }).waitFor();
      const name = `admin-funnel-${width}-${theme}`;
      await panel.scrollIntoViewIfNeeded();
      await e2e.screenshot(page, name);
      await expectAccessible(page, name);

      if (width === 1280) {
        // A source with no visits in the range: the empty state, then back to every source.
        await panel.getByLabel('From').fill('2020-01-01');
        await panel.getByLabel('To').fill('2020-01-31');
        await panel.getByText('No visits counted in this period').waitFor();
        await panel.getByLabel('To').fill('2019-12-01');
        await panel.getByText('The end date must not be before the start date.').waitFor();
        await expectAccessible(page, 'admin-funnel-states');
      }
      await context.close();
    });
  }

  // Last: its landing visits count too, and the figures above are of the scripted visits alone.
  it('says on the landing page what is counted, and that nothing identifies a visitor', async () => {
    for (const view of VIEWPORTS) {
      const { context, page } = await e2e.newPage(view);
      await page.goto('/');
      const note = page.getByRole('contentinfo').getByText(/nothing in those counts identifies a visitor/);
      await note.waitFor();
      expect(await note.textContent()).toContain('per day and per campaign source');
      const name = `landing-privacy-${view.name}`;
      await note.scrollIntoViewIfNeeded();
      await saveScreenshot(page.getByRole('contentinfo'), `${name}.png`);
      await expectAccessible(page, name);
      expect(await context.cookies()).toEqual([]);
      await context.close();
    }
  });
});
