import type { FunnelEvent } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { nextPaint, reachForPage, startE2E, VIEWS, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment } from './submissions-seed.js';

/** The start of the 16 px airplane icon's SVG path in @blueprintjs/icons. */
const AIRPLANE_ICON_PATH = 'M16 1.5A1.498 1.498 0 0 0 13.44.44L9.91 3.97';

describe('public pages in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('landing page shows every section and starts the assessment', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await e2e.newPage({ width, theme: 'dark' });
      await page.goto('/');
      await expect(
        page.getByRole('heading', { name: "Measure Your MSP's Automation Maturity" }).isVisible(),
      ).resolves.toBe(true);
      for (const heading of [
        'What to Expect',
        'Quantify the Problem',
        'Define the Solution',
        'Realize the Impact',
      ]) {
        await page.getByText(heading, { exact: true }).filter({ visible: true }).first().waitFor();
      }
      for (const point of [
        '6-Pillar Evaluation',
        'Instant Analysis',
        'Personalized Roadmap',
        'Benchmark Comparison',
      ]) {
        await page.getByText(point).filter({ visible: true }).first().waitFor();
      }
      // The benchmark comparison is live: its point carries no Soon tag.
      const benchmark = page.getByText('Benchmark Comparison').filter({ visible: true }).first();
      expect(await benchmark.locator('xpath=..').textContent()).not.toMatch(/Soon/i);
      // Pillar names come from the database, not from the page's code.
      await page.getByText('Leadership', { exact: true }).filter({ visible: true }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
      expect(
        await page.getByText(`© ${new Date().getFullYear()} Northwind Automation`).count(),
      ).toBeGreaterThan(0);
      await e2e.screenshot(page, `landing-${width}`);
      await context.close();
    }

    const { context, page } = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.waitForURL('**/assessment');
    await page.getByText('First, tell us about yourself and your MSP').waitFor();
    await context.close();
  });

  it('serves the landing page prerendered with the configured names, and only at /', async () => {
    const landing = await (await fetch(`${e2e.baseUrl}/`)).text();
    // Its main heading and its words are in the HTML itself, so a prerender that stops cannot pass.
    expect(landing).toMatch(/<h1\b[^>]*>Measure Your MSP&#x27;s Automation Maturity<\/h1>/);
    expect(landing).toContain('>Start Assessment<');
    expect(landing).toContain('>The Automation Maturity Model<');
    // Its code waits for the first paint: no script or preload of it in the head, the loader at the
    // end of the body naming the entry.
    expect(landing).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(landing).toMatch(/<script>\(function afterPaintLoader\(.*\)\("\/assets\/index-[^"]+\.js", \[/s);
    expect(landing).toMatch(
      new RegExp(
        `© (<!-- -->)?${new Date().getFullYear()}(<!-- -->)? (<!-- -->)?Northwind Automation(<!-- -->)?\\. All rights reserved\\.`,
      ),
    );
    expect(landing).toContain('href="https://provider.example/"');
    expect(landing).not.toContain('__APP_CONFIG_');
    // The assessment's first screen and the matrix are drawn in theirs, from the content in effect.
    const assessment = await (await fetch(`${e2e.baseUrl}/assessment`)).text();
    expect(assessment).toMatch(/<h1\b[^>]*>First, tell us about yourself and your MSP<\/h1>/);
    expect(assessment).toMatch(/<label\b[^>]*>Number of Employees in Your Company/);
    expect(assessment).not.toContain('role="status"');
    const matrix = await (await fetch(`${e2e.baseUrl}/matrix`)).text();
    expect(matrix).toMatch(/<h1\b[^>]*>Automation Maturity Matrix<\/h1>/);
    for (const pillar of ['Expertise', 'Processes', 'Alignment', 'Leadership', 'Tooling', 'KPIs']) {
      expect(matrix).toContain(`>${pillar}<`);
    }

    // Before any script: the hero, its icons and the provider's names are on screen.
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, baseURL: e2e.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    const hero = page.getByRole('heading', { name: "Measure Your MSP's Automation Maturity" });
    expect(await hero.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Start Assessment' }).isVisible()).toBe(true);
    expect(await page.locator('.landing-hero svg[data-icon="arrow-right"]').count()).toBe(1);
    expect(await page.getByRole('banner').textContent()).toContain('MSP Automation Maturity Assessment');
    // The page says nothing of scripts while it works without them; Start, which cannot, says why.
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('link', { name: 'Start Assessment' }).click();
    await page.waitForURL((url) => url.pathname === '/assessment');
    const note = page.getByRole('alert');
    expect(await note.textContent()).toMatch(
      /^The assessment needs JavaScript: .* Please turn JavaScript on/,
    );
    expect(await note.isVisible()).toBe(true);
    // Its form, which does nothing without scripts, is not shown.
    expect(await page.getByText('First, tell us about yourself and your MSP').isVisible()).toBe(false);
    await e2e.screenshot(page, 'assessment-without-javascript-390-light');
    // The matrix is all there to read.
    await page.goto('/matrix');
    expect(
      await page.getByRole('heading', { name: 'Automation Maturity Matrix', level: 1 }).isVisible(),
    ).toBe(true);
    expect(await page.getByText('Expertise', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('holds a Start clicked before the code has loaded, and follows it once the visit is counted', async () => {
    const { context, page } = await e2e.newPage({ width: 390, theme: 'light' });
    const events: FunnelEvent[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/events')) events.push(JSON.parse(request.postData() ?? 'null'));
    });
    // The page's code arrives only when this test says, as on a slow network.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/?utm_source=held-start&utm_campaign=spring', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/');
    // The visit is counted, with its campaign, by the page's visit module, which needs no app.
    await expect.poll(() => events).toEqual([{ step: 'landing', source: 'held-start' }]);

    release();
    await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/assessment');
    // The landing page counted the visit, with its campaign, before the assessment took over.
    await expect.poll(() => events.map((event) => event.step).slice(0, 2)).toEqual(['landing', 'started']);
    expect(events[0]).toEqual({ step: 'landing', source: 'held-start' });
    const attribution = await page.evaluate(() => sessionStorage.getItem('msp-visit-attribution'));
    expect(JSON.parse(attribution ?? 'null')).toMatchObject({
      source: 'held-start',
      campaign: 'spring',
      landingPath: '/',
    });
    // Once the app runs, links are its own: Back returns to the landing page without a reload.
    await page.goBack();
    await page.getByRole('heading', { name: "Measure Your MSP's Automation Maturity" }).waitFor();
    expect(events.filter((event) => event.step === 'landing')).toHaveLength(1);
    await context.close();
  });

  it('runs no app on the landing page until the visitor reaches for it, counts the visit before, and presses again a button pressed before the app ran', async () => {
    const { context, page } = await e2e.newPage({ width: 390, theme: 'light', colorScheme: 'light' });
    const events: FunnelEvent[] = [];
    const scripts: string[] = [];
    context.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/events') events.push(JSON.parse(request.postData() ?? 'null'));
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    // The visit module counts the visit after the paint. Until now the app loaded at that moment,
    // before the visit module's request: now neither its code nor the whole stylesheet is asked for.
    await expect.poll(() => events).toEqual([{ step: 'landing' }]);
    expect(scripts.some((script) => /\/assets\/index-/.test(script))).toBe(false);
    expect(await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href).length)).toBe(0);

    // A button pressed now loads the app, and is pressed again once the app has taken the page over.
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(() => scripts.some((script) => /\/assets\/index-/.test(script))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    release();
    await page.getByRole('button', { name: 'Dark theme', pressed: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('msp-ui-theme'))).toBe('"dark"');
    await page.locator('.matrix-grid').first().waitFor();
    expect(
      await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href).length),
    ).toBeGreaterThan(0);
    // Counted once: the app's own landing page found the step reported.
    expect(events.filter((event) => event.step === 'landing')).toHaveLength(1);
    await context.close();
  });

  it('draws the assessment’s and the matrix’s first screens from their pages, with no read on the way, and takes them over', async () => {
    const { context, page } = await e2e.newPage({ width: 390, theme: 'dark' });
    const reads: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) reads.push(new URL(request.url()).pathname);
    });
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    // Each page drawn before its code runs, then hydrated: the element marked before is kept.
    const drawnThenHydrated = async (path: string, heading: ReturnType<typeof page.getByRole>) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'commit' });
      await heading.evaluate((element) => element.setAttribute('data-drawn', 'yes'));
      expect(await heading.isVisible()).toBe(true);
      release();
      await page.waitForLoadState('networkidle');
      await page.unroute('**/assets/index-*.js');
      expect(await heading.getAttribute('data-drawn')).toBe('yes');
    };
    await drawnThenHydrated(
      '/assessment',
      page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }),
    );
    // Taken over: the form answers, and what is typed is kept as the draft.
    await page.getByLabel('First Name', { exact: false }).first().fill('Ada');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('msp-assessment-draft') ?? ''))
      .toContain('Ada');
    await page.getByLabel('Number of Employees in Your Company', { exact: true }).waitFor();
    // Back with a draft: the app draws the page, with what was typed.
    await page.reload();
    await expect.poll(() => page.getByLabel('First Name', { exact: false }).first().inputValue()).toBe('Ada');
    await drawnThenHydrated(
      '/matrix',
      page.getByRole('heading', { name: 'Automation Maturity Matrix', level: 1 }),
    );
    await page.getByRole('table', { name: 'Automation maturity matrix' }).waitFor();
    expect(messages.filter((m) => /hydrat|did not match|mismatch|^error|^pageerror/i.test(m))).toEqual([]);
    const contentReads = ['/api/demographic-fields', '/api/assessment-questions', '/api/consent-statement'];
    expect(
      reads.filter((path) => [...contentReads, '/api/pillars', '/api/matrix-cells'].includes(path)),
    ).toEqual([]);
    await context.close();
  });

  it('paints the landing page and the drawn pages from the rules they inline: as laid out and coloured as with the whole stylesheets', async () => {
    /** Every element's place, size and colours, in document order, before the app's code runs. */
    const looks = () => {
      // Each animation (a skeleton's pulse, a spinner's turn) at its start, so the two are compared alike.
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = 0;
      }
      return [...document.querySelectorAll('body *')]
        .filter((element) => !['SCRIPT', 'STYLE', 'LINK', 'NOSCRIPT'].includes(element.tagName))
        .map((element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          const place = [box.x, box.y, box.width, box.height].map(Math.round).join(',');
          const colours = [style.color, style.backgroundColor, style.borderTopColor].join(' ');
          const label = `${element.tagName}.${element.getAttribute('class') ?? ''}`;
          return `${label} ${place} ${colours} ${style.fontSize} ${style.fontWeight} ${style.display}`;
        });
    };
    // A results page, drawn once its analysis is written (its first view writes it).
    const { id } = await submitAssessment(e2e.server, {
      first_name: 'Ines',
      last_name: 'Drawn',
      email_address: 'ines@drawn-it.example',
      company: 'Drawn IT',
    });
    await e2e.server.inject(`/api/assessment/results/${id}`);
    for (const [width, theme] of [
      [1280, 'dark'],
      [390, 'light'],
    ] as const) {
      for (const path of ['/', '/assessment', '/matrix', `/results/${id}`]) {
        const drawnWith = async (stylesheets: 'all' | 'none') => {
          const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
          // The code never runs (it arrives empty): what is compared is the page as the server sent it.
          const empty = (contentType: string) => ({ status: 200, contentType, body: '' });
          await page.route('**/assets/*.js', (route) => route.fulfill(empty('text/javascript')));
          if (stylesheets === 'none')
            await page.route('**/assets/*.css', (route) => route.fulfill(empty('text/css')));
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          // The landing page applies its stylesheet with its app, when the visitor reaches for it.
          await reachForPage(page);
          // Loaded late, each stylesheet switches from print to all once it has arrived.
          await page.waitForFunction(
            () =>
              document.querySelector('link[rel="stylesheet"]:not([media="print"])') !== null &&
              !document.querySelector('link[rel="stylesheet"][media="print"]'),
          );
          await nextPaint(page);
          const seen = await page.evaluate(looks);
          await context.close();
          return seen;
        };
        const inlinedOnly = await drawnWith('none');
        expect(inlinedOnly.length, `${path} at ${width} px`).toBeGreaterThan(20);
        expect(inlinedOnly, `${path} at ${width} px, ${theme}`).toEqual(await drawnWith('all'));
      }
    }
  });

  it('hydrates the prerendered landing page: same elements, no mismatch, every icon drawn', async () => {
    for (const [width, theme] of [
      [1280, 'light'],
      [390, 'dark'],
      [390, 'system'],
    ] as const) {
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: 'light' });
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('.js')) scripts.push(response.text());
      });
      const messages: string[] = [];
      page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
      // Hold the app's code until the prerendered heading is marked: hydration keeps that element,
      // a fresh client render would replace it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      // Not waiting for DOMContentLoaded: it waits for the module script held here.
      await page.goto('/', { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { name: "Measure Your MSP's Automation Maturity" });
      await heading.evaluate((element) => element.setAttribute('data-prerendered', 'yes'));
      await e2e.screenshot(page, `landing-prerendered-${width}-${theme}`);
      // Text takes the theme's colours before React runs as after: no dark text on the dark page.
      const colours = () =>
        page.evaluate(() =>
          ['.site-header__title', '.landing-stats__value', '.landing-hero__title'].map(
            (selector) => getComputedStyle(document.querySelector(selector)!).color,
          ),
        );
      // The whole page parsed and its stylesheets applied (the held script blocks neither): on a busy
      // machine the heading can be there before the rest of the page and its styles.
      await page.waitForFunction(
        () =>
          document.readyState !== 'loading' &&
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
            (link) => link.sheet !== null,
          ),
      );
      const prerenderedColours = await colours();
      // The theme switch shows the saved choice before the app runs (the page's loader presses it),
      // and only that one.
      const pressed = { light: 'Light theme', dark: 'Dark theme', system: 'Follow system theme' }[theme];
      const pressedNow = () =>
        page
          .getByRole('banner')
          .getByRole('button', { pressed: true })
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
      expect(await pressedNow()).toEqual([pressed]);
      release();
      await reachForPage(page);
      // And still once React has taken the page over.
      await page.getByRole('button', { name: pressed, pressed: true }).waitFor();
      await page.locator('.matrix-grid').first().waitFor();
      expect(await pressedNow()).toEqual([pressed]);
      await page.getByText('Leadership', { exact: true }).filter({ visible: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await heading.getAttribute('data-prerendered')).toBe('yes');
      expect(await colours()).toEqual(prerenderedColours);
      // Only the icons the app uses: not Blueprint's complete sets (the airplane is not used).
      const loaded = await Promise.all(scripts);
      expect(loaded.length).toBeGreaterThan(3);
      expect(loaded.filter((code) => code.includes(AIRPLANE_ICON_PATH))).toEqual([]);
      expect(messages.filter((m) => /hydrat|did not match|mismatch|^error|^pageerror/i.test(m))).toEqual([]);
      // Blueprint draws an icon once its paths' chunk has loaded and run, which on a busy machine can
      // come after the network is idle: every icon is drawn, in time.
      await expect
        .poll(() => page.evaluate(() => document.querySelectorAll('.bp6-icon:not(:has(svg))').length))
        .toBe(0);
      const dark = theme === 'dark';
      expect(await page.evaluate(() => document.documentElement.classList.contains('bp6-dark'))).toBe(dark);
      await e2e.screenshot(page, `landing-hydrated-${width}-${theme}`);
      await context.close();
    }
  });

  it('matrix page shows six pillars by four levels and opens a cell in a dialog', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/matrix');
    const grid = page.getByRole('table');
    await grid.waitFor();
    for (const header of ['Level 0: None', 'Level 1: Some', 'Level 2: Advanced', 'Level 3: Mature']) {
      await grid.getByRole('columnheader', { name: new RegExp(header) }).waitFor();
    }
    expect(await grid.getByRole('rowheader').allTextContents()).toEqual([
      'Expertise',
      'Processes',
      'Alignment',
      'Leadership',
      'Tooling',
      'KPIs',
    ]);

    const processesRow = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Processes' }) });
    await processesRow.getByRole('button').nth(2).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Processes — Level 2: Advanced').waitFor();
    for (const section of ['Overview', 'Requirements', 'Examples', 'Key Metrics', 'Next Steps']) {
      await dialog.getByRole('heading', { name: section }).waitFor();
    }
    // Dash-led lines of the matrix text render as list items.
    expect(await dialog.getByRole('listitem').count()).toBeGreaterThan(4);
    await e2e.screenshot(page, 'matrix-dialog-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Keyboard: a cell is a button that Enter opens.
    await processesRow.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText('Processes — Level 0: None').waitFor();
    await context.close();
  });

  it('shows No data available for a missing cell', async () => {
    const kpis = await e2e.database.db('pillars').where({ name: 'KPIs' }).first();
    const removed = await e2e.database.db('matrix_cells').where({ pillar_id: kpis.id, level: 3 }).first();
    await e2e.database.db('matrix_cells').where({ id: removed.id }).delete();
    e2e.server.app.ctx.cache.invalidate();
    try {
      const { context, page } = await e2e.newPage();
      await page.goto('/matrix');
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'KPIs' }) });
      await row.getByText('No data available').waitFor();
      expect(await row.getByRole('button').count()).toBe(3);
      await context.close();
    } finally {
      await e2e.database.db('matrix_cells').insert(removed);
      e2e.server.app.ctx.cache.invalidate();
    }
  });

  it.each(['light', 'dark'] as const)(
    'opens in the system’s %s preference before the first paint, and follows it while nothing is chosen',
    async (preference) => {
      const other = preference === 'light' ? 'dark' : 'light';
      const { context, page } = await e2e.newPage({ colorScheme: preference });
      // The prerendered page before any of the app's code: already in the system's theme.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByRole('heading', { name: "Measure Your MSP's Automation Maturity" }).waitFor();
      const htmlTheme = () =>
        page.evaluate(() => [
          document.documentElement.dataset.theme,
          document.documentElement.classList.contains('bp6-dark'),
        ]);
      expect(await htmlTheme()).toEqual([preference, preference === 'dark']);
      release();
      await reachForPage(page);
      // The app has taken the page over once it has drawn the matrix, which only it draws.
      await page.locator('.matrix-grid').first().waitFor();
      await page.getByRole('button', { name: 'Follow system theme', pressed: true }).waitFor();
      const bodyDark = () => page.evaluate(() => document.body.classList.contains('bp6-dark'));
      expect(await bodyDark()).toBe(preference === 'dark');
      expect(await htmlTheme()).toEqual([preference, preference === 'dark']);

      // The system changes its mind: the open page follows, and nothing is stored.
      await page.emulateMedia({ colorScheme: other });
      await expect.poll(bodyDark).toBe(other === 'dark');
      expect(await htmlTheme()).toEqual([other, other === 'dark']);
      expect(await page.evaluate(() => localStorage.getItem('msp-ui-theme'))).toBeNull();
      await context.close();
    },
  );

  it('keeps the chosen theme across a reload, over the system’s preference', async () => {
    const { context, page } = await e2e.newPage({ colorScheme: 'light' });
    await page.goto('/');
    await reachForPage(page);
    await page.locator('.matrix-grid').first().waitFor();
    await page.getByRole('button', { name: 'Follow system theme', pressed: true }).waitFor();
    const bodyDark = () => page.evaluate(() => document.body.classList.contains('bp6-dark'));
    expect(await bodyDark()).toBe(false);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await bodyDark()).toBe(true);
    await page.reload();
    await reachForPage(page);
    await page.locator('.matrix-grid').first().waitFor();
    await page.getByRole('button', { name: 'Dark theme', pressed: true }).waitFor();
    expect(await bodyDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('msp-ui-theme'))).toBe('"dark"');
    // A chosen theme stays whatever the system prefers.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.reload();
    await reachForPage(page);
    await page.locator('.matrix-grid').first().waitFor();
    await page.getByRole('button', { name: 'Light theme', pressed: true }).waitFor();
    expect(await bodyDark()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');

    // Following the system again: it goes with the preference as it changes.
    await page.getByRole('button', { name: 'Follow system theme' }).click();
    await expect.poll(bodyDark).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(bodyDark).toBe(false);
    await context.close();
  });

  it('opens the sign-in page and the admin in the system’s light preference too', async () => {
    const admin = await createAdmin(e2e.database.db);
    const { context, page } = await e2e.newPage({ colorScheme: 'light' });
    await page.goto('/api/login');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await signIn(page, admin.email, '/admin');
    await page.getByRole('button', { name: 'Follow system theme', pressed: true }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    await context.close();
  });

  it('answers an unknown path with the 404 page and status', async () => {
    const { context, page } = await e2e.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found', level: 1 }).waitFor();
    // Written for visitors, not developers.
    await page.getByText('The link may be out of date, or the address may be mistyped.').waitFor();
    expect(await page.getByText(/router/i).count()).toBe(0);
    // Blueprint's AnchorButton is a link with the role of a button.
    await page.getByRole('button', { name: 'Take the assessment' }).waitFor();
    await e2e.screenshot(page, 'not-found-1280');
    await context.close();
  });

  it('has no serious or critical accessibility violations on any public page, in either theme', async () => {
    for (const [width, theme] of VIEWS) {
      const { context, page } = await e2e.newPage({ width, theme });
      const where = (name: string) => `${name} (${theme}, ${width} px)`;

      await page.goto('/');
      await page.getByRole('heading', { name: "Measure Your MSP's Automation Maturity" }).waitFor();
      await page.getByText('Leadership', { exact: true }).filter({ visible: true }).first().waitFor();
      await expectAccessible(page, where('the landing page'));

      await page.goto('/assessment');
      await page.getByText(/BEST describes/).waitFor();
      // Once the app has taken the drawn form over: before, its controls are disabled, which
      // axe judges as if they were not (a disabled fieldset's select).
      await expect.poll(() => page.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
      await expectAccessible(page, where('the demographic step'));

      await page.goto('/matrix');
      await page
        .getByRole('table')
        .or(page.getByRole('list', { name: /pillar/i }))
        .first()
        .waitFor();
      await expectAccessible(page, where('the matrix page'));
      await page.getByRole('row').nth(2).getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, where('a matrix cell dialog'));
      await page.keyboard.press('Escape');

      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await expectAccessible(page, where('the not-found page'));
      await context.close();
    }
  });

  it('moves nothing for a visitor whose system asks for less motion', async () => {
    const motionOf = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { context, page } = await e2e.newPage({ reducedMotion });
      await page.goto('/matrix');
      const cell = page.getByRole('row').nth(2).getByRole('button').first();
      await cell.waitFor();
      const motion = await cell.evaluate((element) => getComputedStyle(element).transitionDuration);
      await context.close();
      return motion;
    };
    expect(await motionOf('no-preference')).not.toMatch(/^(0s|1e-05s)(, (0s|1e-05s))*$/);
    expect(await motionOf('reduce')).toMatch(/^1e-05s(, 1e-05s)*$/);
  });

  it('lets the keyboard reach and scroll a long matrix cell', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 600 });
    await page.goto('/matrix');
    await page.getByRole('row').nth(2).getByRole('button').first().click();
    const body = page.getByRole('dialog').getByRole('region', { name: / — Level 0: None details$/ });
    await body.waitFor();
    // Tab reaches the scrolling body (after the close button), and then the keys scroll it.
    const isFocused = () => body.evaluate((element) => element === document.activeElement);
    for (let presses = 0; presses < 4 && !(await isFocused()); presses++) await page.keyboard.press('Tab');
    expect(await isFocused()).toBe(true);
    // In its own right, not only because this Chromium focuses scrollers by itself: other browsers
    // (and axe) do not.
    expect(await body.getAttribute('tabindex')).toBe('0');
    expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await page.keyboard.press('PageDown');
    await expect.poll(() => body.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await context.close();
  });

  it('on a phone, the landing page shows the matrix one pillar at a time', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844, theme: 'light' });
    await page.goto('/');
    // The visitor scrolls down to the matrix, which the app draws once they do.
    await page.getByRole('heading', { name: 'The Pillars' }).scrollIntoViewIfNeeded();
    const matrix = page.getByRole('table', { name: 'Automation maturity matrix' });
    await matrix.waitFor();
    const picker = page.getByLabel('Pillar', { exact: true });
    expect(await picker.inputValue()).not.toBe('');
    expect(await matrix.getByRole('rowheader').allTextContents()).toEqual(['Expertise']);
    expect(await matrix.getByRole('button').count()).toBe(4);
    // Far from the nine screens of all 24 cells.
    const height = (await matrix.boundingBox())!.height;
    expect(height).toBeLessThan(844 * 2);
    await picker.selectOption({ label: 'KPIs' });
    expect(await matrix.getByRole('rowheader').allTextContents()).toEqual(['KPIs']);
    await matrix.getByRole('button').nth(1).click();
    await page.getByRole('dialog').getByText('KPIs — Level 1: Some').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Open full matrix' }).waitFor();
    await e2e.screenshot(page, 'landing-390-light');
    await context.close();

    // A desktop still gets the whole matrix.
    const desktop = await e2e.newPage({ width: 1280 });
    await desktop.page.goto('/');
    await reachForPage(desktop.page);
    const rows = desktop.page
      .getByRole('table', { name: 'Automation maturity matrix' })
      .getByRole('rowheader');
    await expect.poll(() => rows.count()).toBe(6);
    expect(await desktop.page.getByLabel('Pillar', { exact: true }).count()).toBe(0);
    await desktop.context.close();
  });

  it('on a phone, the matrix page’s Take Assessment link has room for its words', async () => {
    const { context, page } = await e2e.newPage({ width: 390, theme: 'dark' });
    await page.goto('/matrix');
    const link = page.locator('.site-header').getByRole('link', { name: 'Take Assessment' });
    await link.waitFor();
    // One line, fully on screen, on a row of its own under the title, not squeezed into the corner
    // above the switch; no link or switch of the header over another.
    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const link = [...document.querySelectorAll('.site-header a')].find(
        (element) => element.textContent === 'Take Assessment',
      )!;
      const linkBox = link.getBoundingClientRect();
      const text = link.querySelector('.bp6-button-text') ?? link;
      const items = [...document.querySelectorAll('.site-header__nav > a, .site-header__switches > *')].map(
        (element) => element.getBoundingClientRect(),
      );
      const overlapping = items.some((a, i) =>
        items.some(
          (b, j) => i < j && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
        ),
      );
      return {
        oneLine: text.getBoundingClientRect().height < parseFloat(getComputedStyle(text).lineHeight) * 1.5,
        onScreen: items.every((item) => item.left >= 0 && item.right <= window.innerWidth),
        belowTitle: linkBox.top >= box('.site-header__title').bottom,
        overlapping,
      };
    });
    expect(layout).toEqual({ oneLine: true, onScreen: true, belowTitle: true, overlapping: false });
    await e2e.screenshot(page, 'matrix-390-dark');
    await context.close();
  });

  it('asks nobody’s sign-in state on the public pages of an ordinary visitor: no 401 in the console', async () => {
    const { context, page } = await e2e.newPage({ width: 1280 });
    const authCalls: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') authCalls.push(page.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    for (const path of ['/', '/matrix', '/assessment']) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(authCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
