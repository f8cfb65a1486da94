import fs from 'node:fs';
import os from 'node:os';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@hapi/hapi';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { loadConfig } from '../services-api/src/config.js';
import { createServer } from '../services-api/src/server.js';
import { testDatabaseKinds, type TestDatabase } from '../services-api/src/test/test-database.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS_DIR = path.join(root, 'test-artifacts');
/**
 * Debian's headless shell (package chromium-headless-shell), the build Playwright itself runs for
 * headless tests, where it is installed; else the whole browser run headless. The shell has no
 * browser window to set up for each page: a new page and its first load took 0.44 s of CPU with it
 * and 1.05 s with the whole browser, and the public pages' tests 22% less CPU in all.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/**
 * Whether the tests save their screenshots for a person to look at: E2E_SCREENSHOTS=0 (CI's) skips
 * drawing them, which was a sixth of the browser tests' CPU; every check beside them still runs.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';
/**
 * Saves a picture of a page (the whole of it with `fullPage`) or of an element as `file` under
 * test-artifacts/screenshots/, or as a path of its own; nothing without SCREENSHOTS.
 */
export async function saveScreenshot(
  target: Page | Locator,
  file: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  const where = path.isAbsolute(file) ? file : path.join(ARTIFACTS_DIR, 'screenshots', file);
  fs.mkdirSync(path.dirname(where), { recursive: true });
  await ('goto' in target
    ? target.screenshot({ path: where, fullPage })
    : target.screenshot({ path: where }));
}

/** How long a page's wait or action may take before it fails: twice Playwright's default. */
export const PAGE_WAIT_MS = 60_000;

export interface E2E {
  baseUrl: string;
  server: Server;
  database: TestDatabase;
  browser: Browser;
  /** A fresh browser context (own storage) and page. */
  newPage(options?: {
    width?: number;
    height?: number;
    theme?: 'light' | 'dark' | 'system';
    colorScheme?: 'light' | 'dark';
    /** The browser's language (navigator.language and Accept-Language), e.g. 'de-DE'. */
    locale?: string;
    /**
     * The system's wish for motion: 'reduce' unless a test looks at motion. Without it a skeleton,
     * a spinner or the progress bar's stripes kept Chromium drawing frames for as long as they
     * showed, and its renderers, compositor and browser process were most of the tests' CPU.
     */
    reducedMotion?: 'reduce' | 'no-preference';
  }): Promise<{ context: BrowserContext; page: Page }>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The two views a screen is checked in: a desktop in the dark theme and a phone in the light one.
 * Between them each width's layout and each theme's colours are seen, and axe judges both themes'
 * contrast. A width's layout does not change with the theme, nor a theme's colours with the width,
 * so the other two pairings checked nothing these do not: they were a fifth of the browser tests'
 * time, on the critical path of every CI run (docs/benchmarks.md, "CI time, 2026-12-03 (evening)").
 */
export const VIEWPORTS = [
  { name: '1280-dark', width: 1280, height: 900, theme: 'dark', colorScheme: 'dark' },
  { name: '390-light', width: 390, height: 844, theme: 'light', colorScheme: 'light' },
] as const;

/** The same two views as [width, theme], for the tests that open each with their own options. */
export const VIEWS: readonly (readonly [width: number, theme: 'light' | 'dark'])[] = VIEWPORTS.map(
  ({ width, theme }) => [width, theme] as const,
);

/**
 * Chromium's features the tests turn off: Playwright's own list (as playwright-core 1.x passes it:
 * whether Chromium merges a repeated --disable-features or keeps the last, none of it is lost),
 * then the omnibox's popups. Chromium 156 draws each window's address-bar popups as web pages
 * (chrome://omnibox-popup.top-chrome), loaded with every new window, so with every test's browser
 * context: a renderer process and one to two seconds of CPU each, an eighth of the browser tests'
 * CPU in a CI run, for an address bar a headless browser never shows.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export interface E2EOptions {
  /**
   * More environment for the server's configuration (OIDC_ISSUER, FOUNDER_EMAIL...). With it the
   * port is chosen before start-up, so PUBLIC_URL is the server's real address: single sign-on
   * builds its redirect URI from PUBLIC_URL.
   */
  env?: Record<string, string>;
}

/** Chromium's console line for a response with an error status. */
const HTTP_STATUS_REPORT = /^Failed to load resource: the server responded with a status of \d{3}\b/;

/** A port free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** This worker's copy of the build's page render (dist/server/), made once. */
let renderCopy: string | undefined;

/**
 * The build's page render, copied once per test worker and linked into each served copy of the
 * app: Node loads it once by its real path, rather than once per test file (megabytes of code).
 */
function sharedRenderCopy(renderDir: string): string {
  if (!renderCopy) {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-e2e-render-'));
    fs.cpSync(renderDir, copy, { recursive: true });
    process.once('exit', () => fs.rmSync(copy, { recursive: true, force: true }));
    renderCopy = copy;
  }
  return renderCopy;
}

/**
 * What a test's or a bench's Chromium leaves out: what would compete with the page for the network
 * or the CPU, or be refused by a machine with no way out.
 */
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** This worker's Chromium, launched by its first test file and used by every file after it. */
let launched: Promise<Browser> | undefined;

/**
 * Chromium, launched once per test worker: a launch took 2 to 2.4 s of CPU, once for each of the
 * browser tests' files. A file closes the contexts it made (`close`), so the next one starts from
 * a browser with no pages, cookies or storage; Playwright ends the browser when the worker exits.
 */
async function workerBrowser(): Promise<Browser> {
  const current = launched && (await launched.catch(() => undefined));
  if (current?.isConnected()) return current;
  launched = chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', ...QUIET_CHROMIUM_ARGS, `--disable-features=${DISABLED_FEATURES.join(',')}`],
  });
  return launched;
}

/**
 * The real server serving the built web app, on a fresh seeded PostgreSQL database, listening on a
 * free port of 127.0.0.1, and Debian's Chromium driven by playwright-core.
 */
export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  const distDir = path.join(root, 'apps-web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(
      'apps-web/dist is missing: run "npm run build" before the browser tests (npm test does).',
    );
  }
  // Serve a copy: a build started while this run is going would otherwise swap the files under it.
  const servedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-e2e-dist-'));
  const renderDir = path.join(distDir, 'server');
  fs.cpSync(distDir, servedDir, { recursive: true, filter: (source) => source !== renderDir });
  if (fs.existsSync(renderDir))
    fs.symlinkSync(sharedRenderCopy(renderDir), path.join(servedDir, 'server'), 'dir');
  // Its own data folder, where the mail outbox writes: never the developer's ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-e2e-data-'));
  const database = await testDatabaseKinds[0]!.create({ seeded: true });
  const port = options.env ? await freePort() : 0;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PROVIDER_NAME: 'Northwind Automation',
      PROVIDER_URL: 'https://provider.example/',
      // Warnings here are the tests' own doing (a webhook receiver told to fail, a refused
      // sign-in); errors still print, so a real failure stands out.
      LOG_LEVEL: 'error',
      ...(options.env && { PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env }),
    },
    { webDistDir: servedDir, validateResponses: true, databaseUrl: database.url },
  );
  const server = await createServer({ config, db: database.db });
  await server.start();
  const baseUrl = `http://127.0.0.1:${server.info.port}`;

  const browser = await workerBrowser();
  return {
    baseUrl,
    server,
    database,
    browser,
    async newPage({
      width = 1280,
      height = 900,
      theme,
      colorScheme = 'dark',
      locale,
      reducedMotion = 'reduce',
    } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: baseUrl,
        colorScheme,
        reducedMotion,
        ...(locale && { locale }),
      });
      if (theme) {
        await context.addInitScript((value) => {
          if (!localStorage.getItem('msp-ui-theme'))
            localStorage.setItem('msp-ui-theme', JSON.stringify(value));
        }, theme);
      }
      // Playwright gives a wait 30 s; beside the API tests on a slow day a page has taken longer to
      // show a toast or finish a request. The limit is for a hang, and a real fault still fails.
      context.setDefaultTimeout(PAGE_WAIT_MS);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Surface browser-side crashes in the test output rather than as a mysterious timeout. The
      // browser's report of each 4xx/5xx response is left out: the tests cause those on purpose
      // (signed out, a failing read) and check what the page does with them.
      page.on('console', (message) => {
        if (message.type() === 'error' && !HTTP_STATUS_REPORT.test(message.text())) {
          console.warn(`[browser] ${message.text()}`);
        }
      });
      return { context, page };
    },
    async screenshot(page, name) {
      // From the top, once dialogs have finished opening or closing: scrolled, the sticky top bar
      // and the dialogs would be drawn mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(
        () =>
          document.querySelector(
            '.bp6-overlay-appear-active, .bp6-overlay-enter-active, .bp6-overlay-exit-active',
          ) === null,
      );
      // Without screenshots the waits above still run, so the test goes on from the same page.
      await saveScreenshot(page, `${name}.png`, { fullPage: true });
    },
    async close() {
      await Promise.all(browser.contexts().map((context) => context.close()));
      await server.stop();
      await database.destroy();
      fs.rmSync(servedDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A toast's title or text among the toasts still shown. A toast being replaced fades out for a
 * moment beside its successor, and the same message twice in a row would otherwise match both.
 */
export function toast(page: Page, text: string): Locator {
  return page.locator('.bp6-toast:not(.bp6-toast-exit)').getByText(text, { exact: true });
}

/**
 * Switches the page's theme with the top bar's button, as a person would, and waits until the page
 * wears it (`data-theme` on <html>), so a check that follows reads the new theme's colours.
 */
export async function switchTheme(page: Page, which: 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: `${which} theme` }).click();
  await page.locator(`html[data-theme="${which.toLowerCase()}"]`).waitFor({ state: 'attached' });
}

/** Resolves once the page has painted what it shows now (after a resize, a switch or a late stylesheet). */
export async function nextPaint(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => setTimeout(painted))));
}

/** How far the page is wider than the window, in CSS pixels: 0 when nothing scrolls sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * What a visitor's first key, touch or press of the pointer does to the landing page: its app loads
 * and takes the page over (apps-web/scripts/after-paint-loader.mjs); until then the page is its
 * HTML. A Shift press, which types and moves nothing, for a test that waits for the app there
 * without a click or a key of its own (a click or a key loads it too, and is done again once the
 * app runs).
 */
export async function reachForPage(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
}

/**
 * Reaches for a page the server drew (the landing page, a results page) and waits until the app has
 * taken it over: React has marked the drawing's elements as its own.
 */
export async function appTakesOver(page: Page): Promise<void> {
  await reachForPage(page);
  await page.waitForFunction(() => {
    const drawn = document.getElementById('root')?.firstElementChild;
    return drawn ? Object.keys(drawn).some((key) => key.startsWith('__react')) : false;
  });
}
