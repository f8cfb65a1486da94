import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { horizontalOverflow, nextPaint, reachForPage, startE2E, switchTheme, type E2E } from './harness.js';
import { createAdmin, signInThroughLoginPage } from './sign-in.js';
import { adminTopBarBoxes, outside, overlapping, type Box } from './top-bar-boxes.js';

/** The outline Chromium draws around the focused element; 'none' when no ring is shown. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return { on: 'body', outline: 'none' };
    const style = getComputedStyle(focused);
    return {
      on: focused.getAttribute('aria-label') ?? focused.textContent?.trim() ?? focused.tagName,
      outline: style.outlineStyle === 'none' || style.outlineWidth === '0px' ? 'none' : style.outlineStyle,
    };
  });

/** The top bar's badges whose words do not fit (Blueprint ends them in an ellipsis). */
const cutBadges = (page: Page) =>
  page.$$eval('.admin-topbar .bp6-tag > span', (texts) =>
    texts.filter((text) => text.scrollWidth > text.clientWidth).map((text) => text.textContent),
  );

/** Which parts share a row with which: the title's row and the user's row, as sets of names. */
function rows(boxes: Box[]): { withTitle: string[]; withUser: string[] } {
  const middle = (box: Box) => box.y + box.height / 2;
  const title = boxes.find((box) => box.name === 'title')!;
  const user = boxes.find((box) => box.name === 'user')!;
  const beside = (of: Box) =>
    boxes.filter((box) => box !== of && Math.abs(middle(box) - middle(of)) <= 2).map((box) => box.name);
  return { withTitle: beside(title), withUser: beside(user) };
}

const PHONE_ROWS = { withTitle: ['logo', 'theme switch'], withUser: ['logout'] };
const ONE_ROW = {
  withTitle: ['logo', 'user', 'theme switch', 'logout'],
  withUser: ['logo', 'title', 'theme switch', 'logout'],
};

describe('the top bars in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
    // A long name: the top bar must make room for it without drawing it under anything.
    await e2e.database.db('users').where({ id: admin.id }).update({ first_name: 'Maximiliana-Alexandra' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("the admin's top bar draws nothing over anything else at any width, in either theme", async () => {
    // One signed-in page, resized and switched as a person might: each view from a sign-in of its
    // own cost a context, the sign-in page and the portal eight times over.
    const { context, page } = await e2e.newPage({ width: 320, theme: 'dark', colorScheme: 'dark' });
    await signInThroughLoginPage(page, admin.email);
    await page.getByRole('banner').getByText('Maximiliana-Alexandra').waitFor();
    for (const [width, theme] of [
      [320, 'dark'],
      [320, 'light'],
      [390, 'light'],
      [390, 'dark'],
      [430, 'dark'],
      [720, 'light'],
      [1280, 'light'],
      [1280, 'dark'],
    ] as const) {
      const view = `${width} ${theme}`;
      await page.setViewportSize({ width, height: 900 });
      if ((await page.locator('html').getAttribute('data-theme')) !== theme)
        await switchTheme(page, theme === 'dark' ? 'Dark' : 'Light');
      // Laid out again at the new width before it is measured.
      await nextPaint(page);
      const boxes = await adminTopBarBoxes(page);
      expect(overlapping(boxes), view).toEqual([]);
      // All of it inside the window, and the page does not scroll sideways for it.
      expect(outside(boxes, width), view).toEqual([]);
      // A phone has two rows: the theme switch beside the title, Logout beside who is signed in.
      expect(rows(boxes), view).toEqual(width <= 640 ? PHONE_ROWS : ONE_ROW);
      expect(await horizontalOverflow(page), view).toBeLessThanOrEqual(0);
      expect(await cutBadges(page), view).toEqual([]);
      await e2e.screenshot(page, `admin-top-bar-${width}-${theme}`);
      await expectAccessible(page, `admin top bar ${view}`, '.admin-topbar');
    }
    await context.close();
  });

  it('keeps a pending account’s top bar in two rows at 320 px, its badge whole', async () => {
    const pending = await createAdmin(e2e.database.db);
    await e2e.database.db('users').where({ id: pending.id }).update({
      first_name: 'Bartholomew-Jonathan',
      role: 'user',
      status: 'pending',
    });
    const { context, page } = await e2e.newPage({ width: 320, theme: 'light', colorScheme: 'light' });
    await signInThroughLoginPage(page, pending.email);
    await page.getByRole('heading', { name: 'Account Pending Approval' }).waitFor();
    await page.getByRole('banner').getByText('Pending Approval', { exact: true }).waitFor();
    const boxes = await adminTopBarBoxes(page);
    expect(overlapping(boxes)).toEqual([]);
    expect(outside(boxes, 320)).toEqual([]);
    expect(rows(boxes)).toEqual(PHONE_ROWS);
    expect(await cutBadges(page)).toEqual([]);
    await e2e.screenshot(page, 'admin-top-bar-pending-320-light');
    await expectAccessible(page, 'pending top bar 320 light', '.admin-topbar');
    await context.close();
  });

  it("keeps the admin's top bar in reach of the keyboard, in reading order", async () => {
    const { context, page } = await e2e.newPage({ width: 320, theme: 'dark', colorScheme: 'dark' });
    await signInThroughLoginPage(page, admin.email);
    await page.getByRole('banner').getByText('Maximiliana-Alexandra').waitFor();
    await page.locator('body').focus();
    const reached: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      reached.push((await focusRing(page)).on);
    }
    // The admin's name is a link to their own notification settings.
    expect(reached).toEqual([
      'Skip to content',
      'Home',
      'Maximiliana-Alexandra',
      'Light theme',
      'Dark theme',
      'Follow system theme',
      'Logout',
    ]);
    await context.close();
  });

  it('shows a focus ring on the top bars after Tab, and none left behind by a click', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light', colorScheme: 'light' });
    // The public pages' header: a button and a link clicked keep no ring; the next Tab shows one.
    await page.goto('/');
    // With the app and its stylesheet running, as after any first key or touch.
    await reachForPage(page);
    await page.locator('.matrix-grid').first().waitFor();
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Dark theme' }).click();
    expect(await focusRing(page)).toEqual({ on: 'Dark theme', outline: 'none' });
    await page.keyboard.press('Tab');
    expect(await focusRing(page)).toEqual({ on: 'Follow system theme', outline: 'solid' });
    // A link: Chromium focuses it as the pointer is pressed, and follows it on release. No ring
    // between the two; Tab to it on a fresh page, and it has one.
    await page.goto('/matrix');
    const link = page.getByRole('banner').getByRole('link', { name: 'Take Assessment' });
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect(await focusRing(page)).toEqual({ on: 'Take Assessment', outline: 'none' });
    await page.mouse.up();
    await page.waitForURL(/\/assessment$/);
    await page.goto('/matrix');
    await link.waitFor();
    for (let i = 0; i < 12 && (await focusRing(page)).on !== 'Take Assessment'; i++) {
      await page.keyboard.press('Tab');
    }
    expect(await focusRing(page)).toEqual({ on: 'Take Assessment', outline: 'solid' });

    // The admin's top bar alike.
    await signInThroughLoginPage(page, admin.email);
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: 'Light theme' }).click();
    expect(await focusRing(page)).toEqual({ on: 'Light theme', outline: 'none' });
    await page.keyboard.press('Tab');
    expect(await focusRing(page)).toEqual({ on: 'Dark theme', outline: 'solid' });
    await context.close();
  });
});
