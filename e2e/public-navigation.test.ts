import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachForPage, saveScreenshot, startE2E, type E2E } from './harness.js';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The viewport as the visitor sees it (the harness's screenshots start from the top). */
async function viewportShot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await saveScreenshot(page, path.join(dir, `${name}.png`));
}

/** Whether an element's top edge is on screen, below the sticky header. */
const onScreenBelowHeader = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    const box = document.querySelector(selector)!.getBoundingClientRect();
    return box.top >= header.bottom - 1 && box.top < window.innerHeight;
  }, selector);

/**
 * The landing page taken over by the app, which loads once the visitor reaches for the page: its
 * matrix is the one part only the app draws.
 */
const appReady = async (page: Page) => {
  await reachForPage(page);
  await page.locator('.matrix-grid').first().waitFor();
};

describe('moving between the public pages in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it.each([
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])(
    'opens each page at its top, and Back and Forward return to where it was, at $width px',
    async ({ width, height }) => {
      const { context, page } = await e2e.newPage({ width, height, theme: 'light', colorScheme: 'light' });
      await page.goto('/');
      // The matrix on the landing page is drawn by the app once its data arrives: the page is the
      // app's, at full height.
      await appReady(page);
      const openMatrix = page.getByRole('link', { name: 'Open full matrix' });
      await openMatrix.scrollIntoViewIfNeeded();
      const landingY = await scrollY(page);
      expect(landingY).toBeGreaterThan(300);

      await openMatrix.click();
      await page.waitForURL('**/matrix');
      const title = page.getByRole('heading', { name: 'Automation Maturity Matrix' });
      await title.waitFor();
      await page
        .locator('.matrix-page__main')
        .getByText('KPIs', { exact: true })
        .first()
        .waitFor({ state: 'attached' });
      expect(await scrollY(page)).toBe(0);
      expect(await onScreenBelowHeader(page, '.matrix-page__title')).toBe(true);
      await viewportShot(page, `navigation-matrix-opened-${width}`);

      // Down the matrix page, then Back: the landing page where the visitor left it.
      const maxScroll = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      const matrixY = Math.floor((await maxScroll()) / 2);
      expect(matrixY).toBeGreaterThan(100);
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), matrixY);
      await expect.poll(() => scrollY(page)).toBe(matrixY);
      await page.goBack();
      await page.waitForURL(`${e2e.baseUrl}/`);
      await expect.poll(() => scrollY(page)).toBe(landingY);
      expect(await openMatrix.isVisible()).toBe(true);
      await viewportShot(page, `navigation-landing-back-${width}`);

      // Again, now that the matrix page's code is loaded and nothing shorter stands in for it while
      // it loads: still its top, not the landing page's position carried over.
      await openMatrix.click();
      await page.waitForURL('**/matrix');
      await title.waitFor();
      expect(await scrollY(page)).toBe(0);
      expect(await onScreenBelowHeader(page, '.matrix-page__title')).toBe(true);
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), matrixY);
      await expect.poll(() => scrollY(page)).toBe(matrixY);
      await page.goBack();
      await page.waitForURL(`${e2e.baseUrl}/`);
      await expect.poll(() => scrollY(page)).toBe(landingY);

      // Forward: the matrix where it was left, not its top.
      await page.goForward();
      await page.waitForURL('**/matrix');
      await title.waitFor({ state: 'attached' });
      await expect.poll(() => scrollY(page)).toBe(matrixY);

      // From the matrix page's foot to the assessment: its top, with its first heading on screen.
      const start = page.getByRole('link', { name: 'Start the assessment' });
      const footY = await maxScroll();
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), footY);
      await expect.poll(() => scrollY(page)).toBe(footY);
      await start.click();
      await page.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
      expect(await scrollY(page)).toBe(0);

      // Back twice: the matrix at its foot, then the landing page where it was.
      await page.goBack();
      await page.waitForURL('**/matrix');
      await expect.poll(() => scrollY(page)).toBe(footY);
      expect(await start.isVisible()).toBe(true);
      await page.goBack();
      await page.waitForURL(`${e2e.baseUrl}/`);
      await expect.poll(() => scrollY(page)).toBe(landingY);
      await context.close();
    },
  );

  it('goes back from a link within the landing page to where the visitor was before it', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'dark' });
    // The landing page scrolls to its anchors smoothly; without motion the position is final at once.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await appReady(page);
    // The header's in-page link: the browser's own history entry, scrolled by the browser.
    await page.getByRole('button', { name: 'About the Model' }).filter({ visible: true }).first().click();
    await page.waitForURL('**/#about');
    await expect.poll(() => onScreenBelowHeader(page, '#about')).toBe(true);
    const aboutY = await scrollY(page);
    expect(aboutY).toBeGreaterThan(300);

    // The link is further down: the visitor scrolls to it, and Back returns to where they clicked.
    const openMatrix = page.getByRole('link', { name: 'Open full matrix' });
    await openMatrix.scrollIntoViewIfNeeded();
    const clickedAtY = await scrollY(page);
    expect(clickedAtY).toBeGreaterThanOrEqual(aboutY);
    await openMatrix.click();
    await page.getByRole('heading', { name: 'Automation Maturity Matrix' }).waitFor();
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await page.waitForURL('**/#about');
    await expect.poll(() => scrollY(page)).toBe(clickedAtY);
    // And back once more, to the top the page first opened at.
    await page.goBack();
    await page.waitForURL(`${e2e.baseUrl}/`);
    await expect.poll(() => scrollY(page)).toBe(0);
    await context.close();
  });

  it('leaves a visitor who scrolled the landing page before its code ran where they scrolled to', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844, theme: 'light' });
    // The app's code is held until the visitor has scrolled the page the server drew.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // Its load event waits for the held code.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const pillars = page.getByRole('heading', { name: 'The Pillars' });
    await pillars.scrollIntoViewIfNeeded();
    const readingY = await scrollY(page);
    expect(readingY).toBeGreaterThan(300);
    release();
    await appReady(page);
    await page.waitForLoadState('networkidle');
    expect(await scrollY(page)).toBe(readingY);
    await context.close();
  });
});
