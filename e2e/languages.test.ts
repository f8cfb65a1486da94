import { BUILT_IN_CATALOGUES, EN_MESSAGES } from '@msp/shared/catalogues';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { appTakesOver, VIEWS, reachForPage, saveScreenshot, startE2E, type E2E } from './harness.js';

const GERMAN_TITLE = BUILT_IN_CATALOGUES.de!['landing.title']!;
const ENGLISH_TITLE = EN_MESSAGES['landing.title'];

/** The Arabic the test adds: a few of the page's strings and one pillar's name, the rest falls back. */
const ARABIC = {
  'ui.landing.title': 'قِس مدى نضج الأتمتة لدى مزوّد خدماتك المُدارة',
  'ui.landing.hero.lead': 'اعرف أين يقف عملك في الأتمتة، ركيزة بركيزة، واحصل على خارطة طريق واضحة.',
  'ui.landing.hero.start': 'ابدأ التقييم',
  'ui.landing.nav.about': 'عن النموذج',
  'ui.language.label': 'اللغة',
} as const;
const ARABIC_PILLAR = 'القيادة';

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Errors the page logged or threw: a hydration mismatch is one. */
  errors: string[];
}

/** Chromium's console line for a response with an error status (the tests cause none here). */
const HTTP_STATUS_REPORT = /^Failed to load resource: the server responded with a status of \d{3}\b/;

describe('the site in the visitor’s language', () => {
  let e2e: E2E;

  /** A page in a browser of the given locale (its Accept-Language), width and theme. */
  async function open({
    locale = 'en-US',
    width = 1280,
    theme = 'light',
  }: { locale?: string; width?: number; theme?: 'light' | 'dark' } = {}): Promise<Opened> {
    const context = await e2e.browser.newContext({
      baseURL: e2e.baseUrl,
      locale,
      viewport: { width, height: 900 },
      colorScheme: theme,
    });
    await context.addInitScript((value) => {
      localStorage.setItem('msp-ui-theme', JSON.stringify(value));
    }, theme);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !HTTP_STATUS_REPORT.test(message.text())) errors.push(message.text());
    });
    return { context, page, errors };
  }

  /** The landing page once hydrated, its pillars and its matrix drawn. */
  async function landingReady(page: Page) {
    await reachForPage(page);
    await page.locator('.landing-pillar__name').first().waitFor();
    await page.locator('.matrix-grid').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.language-switch select[disabled]'));
  }

  /** The whole page, and its first screen on its own to look at the header closely. */
  async function shoot(page: Page, name: string) {
    await e2e.screenshot(page, name);
    await saveScreenshot(page, `${name}-top.png`);
  }

  const switcher = (page: Page): Locator => page.locator('header.site-header').getByRole('combobox');

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('serves the landing page in German to a browser asking for de-AT, prerendered, with no English left', async () => {
    const { context, page, errors } = await open({ locale: 'de-AT' });
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    // The prerendered German page, before any script ran.
    const served = await (await fetch(`${e2e.baseUrl}/`, { headers: { 'accept-language': 'de-AT' } })).text();
    expect(served).toContain(`${GERMAN_TITLE}</h1>`);
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')));
    expect(hreflangs.sort()).toEqual(['de', 'en', 'x-default']);

    await page.getByRole('heading', { name: GERMAN_TITLE }).waitFor();
    await landingReady(page);
    expect(await switcher(page).inputValue()).toBe('de');
    expect(await page.getByRole('combobox', { name: 'Sprache' }).count()).toBe(1);

    // Every English string of the catalogue that German says differently is gone from what a
    // visitor sees or hears: the text on screen and the names and titles of its controls.
    const seen = await page.evaluate(() => {
      const labels = [...document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')].flatMap(
        (element) =>
          ['aria-label', 'title', 'alt', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
      );
      return { text: document.body.innerText, labels: labels.filter(Boolean), title: document.title };
    });
    const german = BUILT_IN_CATALOGUES.de!;
    const english = Object.entries(EN_MESSAGES).filter(
      ([id, text]) => !id.startsWith('analyst.') && !text.includes('{') && german[id] !== text,
    );
    const wordIn = (haystack: string, phrase: string) =>
      new RegExp(`(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}($|[^\\p{L}])`, 'u').test(
        haystack,
      );
    const left = english.filter(
      ([, text]) => wordIn(seen.text, text) || seen.labels.some((label) => wordIn(label, text)),
    );
    expect(left.map(([id, text]) => `${id}: ${text}`)).toEqual([]);
    // The content too: the pillars' names and descriptions are the German translations.
    type Pillar = { id: number; name: string; description: string; isActive: boolean };
    const [englishPillars, germanPillars] = (await Promise.all(
      ['en', 'de'].map(async (lang) => (await fetch(`${e2e.baseUrl}/api/pillars?lang=${lang}`)).json()),
    )) as [Pillar[], Pillar[]];
    const shownPillars = await page.locator('.landing-pillar__name').allTextContents();
    expect(shownPillars.sort()).toEqual(
      germanPillars
        .filter((pillar) => pillar.isActive)
        .map((pillar) => pillar.name)
        .sort(),
    );
    for (const pillar of englishPillars) {
      const german = germanPillars.find((other) => other.id === pillar.id)!;
      if (german.description !== pillar.description) expect(seen.text).not.toContain(pillar.description);
    }
    await expectAccessible(page, 'the landing page in German');
    // Hydrating the German prerender found what it drew: React reports a mismatch as an error.
    expect(errors).toEqual([]);

    for (const [width, theme] of VIEWS) {
      const view = await open({ locale: 'de-AT', width, theme });
      await view.page.goto('/');
      await landingReady(view.page);
      await expectNothingOverlapsInHeader(view.page);
      await shoot(view.page, `languages-landing-de-${width}-${theme}`);
      expect(view.errors).toEqual([]);
      await view.context.close();
    }
    await context.close();
  });

  it('shows the language ?lang= asks for, whatever the browser asks for', async () => {
    const { context, page, errors } = await open({ locale: 'en-US' });
    await page.goto('/?lang=de');
    await page.getByRole('heading', { name: GERMAN_TITLE }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.goto('/matrix?lang=de');
    await page.getByRole('heading', { name: BUILT_IN_CATALOGUES.de!['matrix.page.title']! }).waitFor();
    await page.getByRole('columnheader', { name: /Stufe 3: Ausgereift/ }).waitFor();
    await page.goto('/no-such-page?lang=de');
    await page.getByRole('heading', { name: BUILT_IN_CATALOGUES.de!['notFound.title']! }).waitFor();
    expect(await page.locator('.not-found code').textContent()).toBe('/no-such-page');
    expect(await page.title()).toBe(BUILT_IN_CATALOGUES.de!['notFound.title']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches from English to German and back with the keyboard, and remembers the choice', async () => {
    const { context, page, errors } = await open({ locale: 'en-US' });
    await page.goto('/');
    await page.getByRole('heading', { name: ENGLISH_TITLE }).waitFor();
    await landingReady(page);
    const select = page.getByRole('combobox', { name: 'Language' });
    expect(await select.inputValue()).toBe('en');
    const names = await select.locator('option').allTextContents();
    expect(names).toEqual(['English', 'Deutsch']);
    await expectAccessible(page, 'the landing page in English');

    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('heading', { name: GERMAN_TITLE }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    // The content follows: the pillars are read again in German.
    const germanPillars = (await (await fetch(`${e2e.baseUrl}/api/pillars?lang=de`)).json()) as {
      name: string;
    }[];
    await page.locator('.landing-pillar__name', { hasText: germanPillars[0]!.name }).waitFor();
    await page.getByRole('columnheader', { name: /Stufe 0: Keine/ }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'msp_lang')?.value).toBe('de');

    // A reload keeps the choice: the server reads it back.
    await page.reload();
    await page.getByRole('heading', { name: GERMAN_TITLE }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await landingReady(page);

    // And back to English, by keyboard again, on another page of the site. The server draws the
    // switch with the languages offered, so a key pressed before the app runs switches too.
    const drawn = await fetch(`${e2e.baseUrl}/matrix`, { headers: { cookie: 'msp_lang=de' } });
    expect(await drawn.text()).toContain('<option value="en" label="English">English</option>');
    await page.goto('/matrix');
    await page.getByRole('heading', { name: BUILT_IN_CATALOGUES.de!['matrix.page.title']! }).waitFor();
    await page.getByRole('combobox', { name: 'Sprache' }).focus();
    await page.keyboard.press('ArrowUp');
    await page.getByRole('heading', { name: EN_MESSAGES['matrix.page.title'] }).waitFor();
    await page.getByRole('columnheader', { name: /Level 0: None/ }).waitFor();
    expect(await page.title()).toMatch(/^Maturity Matrix · /);
    expect((await context.cookies()).find((cookie) => cookie.name === 'msp_lang')?.value).toBe('en');

    // With ?lang= in the address, a switch rewrites it, so the address says what is shown.
    await page.goto('/matrix?lang=en');
    // Once the app runs: a choice made while it takes the page over can still be lost on a busy
    // machine (1 run in 3 beside three busy loops), which this step is not about.
    await appTakesOver(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: BUILT_IN_CATALOGUES.de!['matrix.page.title']! }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('de');
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('in a right-to-left language', () => {
    beforeAll(async () => {
      const db = e2e.database.db;
      await db('languages').insert({ tag: 'ar', is_default: false });
      const leadership = await db('pillars').where({ name: 'Leadership' }).first();
      await db('translations').insert([
        ...Object.entries(ARABIC).map(([unit, text]) => ({ language: 'ar', unit, text })),
        { language: 'ar', unit: `pillar.${leadership.key}.name`, text: ARABIC_PILLAR },
      ]);
      e2e.server.app.ctx.cache.invalidate();
    });

    it('lays the landing page out mirrored, nothing overlapping, at every width and theme', async () => {
      for (const [width, theme] of VIEWS) {
        const { context, page, errors } = await open({ width, theme });
        await page.goto('/?lang=ar');
        await page.getByRole('heading', { name: ARABIC['ui.landing.title'] }).waitFor();
        await landingReady(page);
        expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        expect(await page.locator('html').getAttribute('lang')).toBe('ar');
        await page.locator('.landing-pillar__name', { hasText: ARABIC_PILLAR }).waitFor();
        // Texts with no Arabic yet read in the default language rather than as ids.
        await page.getByRole('heading', { name: EN_MESSAGES['landing.expect.title'] }).waitFor();

        // Mirrored: the brand starts at the right edge, the switches end at the left one, and the
        // hero's copy sits right of its picture of the levels on a wide screen.
        const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
        const logo = await box('.site-header__logo');
        const themes = await box('.theme-switch');
        expect(logo.x).toBeGreaterThan(width / 2);
        expect(themes.x + themes.width).toBeLessThan(width / 2);
        const language = await box('.language-switch');
        expect(language.x).toBeGreaterThan(themes.x + themes.width - 1);
        if (width >= 1000) {
          const copy = await box('.landing-hero__copy');
          const ladder = await box('.landing-ladder');
          expect(copy.x).toBeGreaterThan(ladder.x);
        }
        await expectNothingOverlapsInHeader(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page, `the landing page in Arabic at ${width} in ${theme}`);
        await shoot(page, `languages-landing-ar-${width}-${theme}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    });

    it('lists Arabic in the switcher by its own name, and switches to it', async () => {
      const { context, page } = await open();
      await page.goto('/matrix');
      const select = page.getByRole('combobox', { name: 'Language' });
      await select.selectOption({ label: 'العربية' });
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await page.locator('html').getAttribute('lang')).toBe('ar');
      await page.getByRole('rowheader', { name: ARABIC_PILLAR }).waitFor();
      await shoot(page, 'languages-matrix-ar-1280-light');
      await context.close();
    });
  });
});

/** The header's parts side by side, none drawn over another, at whatever width. */
async function expectNothingOverlapsInHeader(page: Page) {
  const boxes = await page
    .locator(
      'header.site-header :is(.site-header__logo, .site-header__title, .language-switch, .theme-switch, .landing-nav a)',
    )
    .evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => {
          const rect = element.getBoundingClientRect();
          return {
            name: element.className,
            left: rect.left,
            right: rect.right,
            top: rect.top,
            bottom: rect.bottom,
          };
        }),
    );
  for (const [index, a] of boxes.entries())
    for (const b of boxes.slice(index + 1)) {
      const overlap =
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
    }
  const width = await page.evaluate(() => window.innerWidth);
  for (const box of boxes) {
    expect(box.left, `${box.name} starts inside the page`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.name} ends inside the page`).toBeLessThanOrEqual(width);
  }
}
