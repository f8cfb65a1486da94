import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelEvent } from '@msp/shared';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { fillDemographics, questionPosition, type Visitor } from './assessment-steps.js';
import { saveScreenshot, startE2E, VIEWPORTS, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

const visitor = {
  text: {
    'First Name': 'Sam',
    'Last Name': 'Partner',
    'Email Address': 'sam@partner-msp.example',
    'Company Name': 'Partner MSP',
  },
  employees: '11-25',
  companies: '26-50',
} satisfies Visitor;

/**
 * A partner's page, as a partner would write it: the snippet, and its own listener. A light page;
 * its address's `embed_theme` becomes the snippet's data-theme, as a partner would set it.
 */
function hostPage(serverUrl: string, theme: string | null): string {
  const themeAttribute = theme ? ` data-theme="${theme}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner MSP</title>
<style>body{font-family:sans-serif;margin:24px;background:#f4f1ea;color:#222}</style></head><body>
<h1>Partner MSP: how automated is your business?</h1>
<div id="slot" data-msp-assessment data-utm-medium="partner-embed"${themeAttribute}></div>
<p id="after">The partner's own footer.</p>
<script>
window.completions = [];
window.heightMessages = 0;
window.frameLoads = 0;
// Load events do not bubble, but a capturing listener hears the frame's, before the snippet does.
document.addEventListener('load', function (event) {
  if (event.target.tagName === 'IFRAME') window.frameLoads += 1;
}, true);
document.getElementById('slot').addEventListener('msp-assessment:completed', function (event) {
  window.completions.push(event.detail);
});
window.addEventListener('message', function (event) {
  if (event.data && event.data.type === 'msp-assessment:height') window.heightMessages += 1;
});
</script>
<script src="${serverUrl}/embed.js" async></script>
</body></html>`;
}

interface HostServer {
  origin: string;
  serverUrl: string;
  close(): Promise<void>;
}

/** A partner site on this machine: another port of 127.0.0.1 is another origin. */
async function startHost(): Promise<HostServer> {
  const host: HostServer = { origin: '', serverUrl: '', close: async () => {} };
  const server = http.createServer((request, response) => {
    const theme = new URL(request.url ?? '/', 'http://host').searchParams.get('embed_theme');
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(hostPage(host.serverUrl, theme));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host.close = () => new Promise((resolve) => server.close(() => resolve()));
  return host;
}

async function shot(e2e: E2E, page: Page, name: string) {
  await e2e.screenshot(page, name);
  const dir = process.env.SHOTS_DIR;
  if (dir) await saveScreenshot(page, path.join(dir, `${name}.png`), { fullPage: true });
}

async function embeddedFrame(page: Page): Promise<Frame> {
  // Attached, not visible: on a refused page the snippet hides the frame.
  const element = await page.waitForSelector('#slot iframe[data-msp-assessment-frame]', {
    state: 'attached',
  });
  const frame = await element.contentFrame();
  if (!frame) throw new Error('The snippet made no frame');
  return frame;
}

const frameHeight = (page: Page) =>
  page.$eval('#slot iframe', (frame) => (frame as HTMLIFrameElement).getBoundingClientRect().height);

describe('the assessment embedded on a partner page in Chromium', () => {
  let e2e: E2E;
  let allowed: HostServer;
  let refused: HostServer;
  let admin: UserRow;

  beforeAll(async () => {
    allowed = await startHost();
    refused = await startHost();
    e2e = await startE2E({ env: { EMBED_ALLOWED_ORIGINS: allowed.origin } });
    allowed.serverUrl = e2e.baseUrl;
    refused.serverUrl = e2e.baseUrl;
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(async () => {
    await e2e?.close();
    await allowed?.close();
    await refused?.close();
  });

  it('runs inside an allowed page: the frame grows, the page hears of the completion, the campaign is kept', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light' });
    const events: FunnelEvent[] = [];
    context.on('request', (request) => {
      if (request.url() === `${e2e.baseUrl}/api/events`) {
        events.push(JSON.parse(request.postData() ?? 'null') as FunnelEvent);
      }
    });
    await page.goto(`${allowed.origin}/pricing?utm_source=partner&utm_campaign=spring&other=x`);
    const frame = await embeddedFrame(page);
    // The host page's campaign travels into the frame; what is not a campaign parameter does not.
    const frameUrl = new URL(frame.url());
    expect(frameUrl.origin).toBe(e2e.baseUrl);
    expect(frameUrl.pathname).toBe('/embed');
    expect(Object.fromEntries(frameUrl.searchParams)).toEqual({
      utm_source: 'partner',
      utm_medium: 'partner-embed',
      utm_campaign: 'spring',
    });

    await frame.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    // The frame has no site header of its own; the partner's page is around it.
    expect(await frame.locator('header.site-header').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heightMessages: number }).heightMessages))
      .toBeGreaterThan(0);
    // Sized to its content by the page inside, not the snippet's starting 640 px.
    const contentHeight = () =>
      frame.$eval('.embed-frame', (element) => Math.ceil(element.getBoundingClientRect().height));
    await expect
      .poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight())))
      .toBeLessThanOrEqual(1);
    expect(await frameHeight(page)).not.toBe(640);
    await shot(e2e, page, 'embed-host-first-step-1280-light');

    await fillDemographics(frame, visitor);
    await frame.getByRole('button', { name: 'Next' }).click();
    for (;;) {
      const position = await questionPosition(frame);
      await frame.getByRole('radio').nth(2).check();
      if (position.current === position.total) break;
      await frame.getByRole('button', { name: 'Next' }).click();
      await frame.getByText(`Question ${position.current + 1} of ${position.total}`).waitFor();
    }
    const questionHeight = await frameHeight(page);
    await frame.getByRole('button', { name: 'Submit Assessment' }).click();
    await frame.waitForURL(/\/embed\/results\/[0-9a-f-]{36}$/);
    const id = frame.url().split('/').pop()!;
    await frame.getByRole('heading', { name: 'Your Automation Maturity Results' }).waitFor();

    await page.waitForFunction(
      () => (window as unknown as { completions: unknown[] }).completions.length > 0,
    );
    const completions = await page.evaluate(
      () => (window as unknown as { completions: unknown[] }).completions,
    );
    const row = await e2e.database.db('submissions').where({ id }).first();
    expect(completions).toEqual([
      { type: 'msp-assessment:completed', submissionId: id, overallLevel: row.overall_level },
    ]);
    expect(row.overall_level).toBeGreaterThanOrEqual(1);
    // The results are much taller than a question: the frame grew with them, to their height.
    await expect.poll(() => frameHeight(page)).toBeGreaterThan(questionHeight + 200);
    await expect
      .poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight())))
      .toBeLessThanOrEqual(1);
    await shot(e2e, page, 'embed-host-results-1280-light');

    expect(row).toMatchObject({
      utm_source: 'partner',
      utm_medium: 'partner-embed',
      utm_campaign: 'spring',
      landing_path: '/embed',
    });
    // The funnel counted the framed visit under the partner's source, each step once.
    const steps = events.map((event) => event.step);
    for (const step of ['started', 'demographics', 'question', 'submitted', 'results'] as const) {
      expect(steps, step).toContain(step);
    }
    expect(steps.filter((step) => step === 'submitted')).toHaveLength(1);
    expect(events.every((event) => event.source === 'partner')).toBe(true);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('is refused inside a page whose origin is not allowed, which shows a link to it instead', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light', colorScheme: 'light' });
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    // The server did answer the frame's request: the browser, told by frame-ancestors, refused it.
    const answered = page.waitForResponse((response) => response.url().startsWith(`${e2e.baseUrl}/embed?`));
    await page.goto(`${refused.origin}/?utm_source=elsewhere`);
    expect((await answered).status()).toBe(200);
    await expect
      .poll(() =>
        consoleLines.some((line) => line.includes('frame-ancestors') && line.includes(allowed.origin)),
      )
      .toBe(true);
    const frame = await embeddedFrame(page);
    // Chromium puts its error page in place of the assessment; the snippet hides it and says so.
    await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
    expect(await frame.locator('.embed-frame').count()).toBe(0);
    const link = page.getByRole('link', { name: 'Open the assessment in a new tab' });
    await link.waitFor();
    await page.getByText('The assessment cannot be shown inside this page.').waitFor();
    expect(await page.locator('#slot iframe').isVisible()).toBe(false);
    expect(await link.getAttribute('target')).toBe('_blank');
    // The refused frame never said a word: the link came from its silence, not from a message.
    expect(await page.evaluate(() => (window as unknown as { heightMessages: number }).heightMessages)).toBe(
      0,
    );
    await shot(e2e, page, 'embed-refused-1280-light');
    await expectAccessible(page, 'refused embed', '#slot');

    // The link opens the assessment on the server's own site, the partner's campaign with it.
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await opened.waitForURL(`${e2e.baseUrl}/assessment?utm_source=elsewhere&utm_medium=partner-embed`);
    await opened.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    await context.close();
  });

  it.each([
    { colorScheme: 'light', attribute: null, expected: 'light' },
    { colorScheme: 'dark', attribute: null, expected: 'dark' },
    { colorScheme: 'light', attribute: 'auto', expected: 'light' },
    { colorScheme: 'dark', attribute: 'light', expected: 'light' },
    { colorScheme: 'light', attribute: 'dark', expected: 'dark' },
  ] as const)(
    'under a $colorScheme system preference, data-theme=$attribute shows the frame $expected',
    async ({ colorScheme, attribute, expected }) => {
      // A dark choice stored on the assessment's own site does not reach into a partner's page.
      const { context, page } = await e2e.newPage({ width: 390, theme: 'dark', colorScheme });
      await page.goto(`${allowed.origin}/${attribute ? `?embed_theme=${attribute}` : ''}`);
      const frame = await embeddedFrame(page);
      await frame.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
      expect(await frame.evaluate(() => document.documentElement.dataset.theme)).toBe(expected);
      expect(await frame.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(
        expected === 'dark',
      );
      // Loaded and let in: the link for a refused frame never shows.
      await page.waitForFunction(() => (window as unknown as { frameLoads: number }).frameLoads > 0);
      expect(await page.locator('[data-msp-assessment-refused]').count()).toBe(0);
      await shot(e2e, page, `embed-theme-${colorScheme}-${attribute ?? 'none'}`);
      await context.close();
    },
  );

  it('keeps the theme the partner asked for through the frame’s own pages and their reloads', async () => {
    // Under a light system preference, the partner asks for dark.
    const { context, page } = await e2e.newPage({ width: 390, theme: 'light', colorScheme: 'light' });
    await page.goto(`${allowed.origin}/?embed_theme=dark`);
    const frame = await embeddedFrame(page);
    const frameTheme = () => frame.evaluate(() => document.documentElement.dataset.theme);
    const reloadFrame = async () => {
      const reloaded = page.waitForEvent('framenavigated', { predicate: (navigated) => navigated === frame });
      // Left to run after this evaluation has answered: the reload ends the frame's script context.
      await frame.evaluate(() => void setTimeout(() => window.location.reload()));
      await reloaded;
      await frame.waitForLoadState('domcontentloaded');
    };
    await frame.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    await fillDemographics(frame, {
      ...visitor,
      text: { ...visitor.text, 'Email Address': 'robin@partner-msp.example' },
    });
    await frame.getByRole('button', { name: 'Next' }).click();
    for (;;) {
      const position = await questionPosition(frame);
      await frame.getByRole('radio').first().check();
      if (position.current === position.total) break;
      await frame.getByRole('button', { name: 'Next' }).click();
      await frame.getByText(`Question ${position.current + 1} of ${position.total}`).waitFor();
    }
    await frame.getByRole('button', { name: 'Submit Assessment' }).click();
    await frame.waitForURL(/\/embed\/results\/[0-9a-f-]{36}\?theme=dark$/);
    await frame.getByRole('heading', { name: 'Your Automation Maturity Results' }).waitFor();
    expect(await frameTheme()).toBe('dark');

    // A reload of the results, then a new start from them: dark each time, as the partner asked.
    await reloadFrame();
    await frame.getByRole('heading', { name: 'Your Automation Maturity Results' }).waitFor();
    expect(await frameTheme()).toBe('dark');
    await frame.getByRole('link', { name: 'Take the assessment again' }).click();
    await frame.waitForURL(/\/embed\?theme=dark$/);
    await reloadFrame();
    await frame.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    expect(await frameTheme()).toBe('dark');
    expect(await frame.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    await context.close();
  });

  it.each(VIEWPORTS)('shows in a partner page at $width px in the $theme theme', async ({ width, theme }) => {
    const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
    await page.goto(`${allowed.origin}/?utm_source=partner`);
    const frame = await embeddedFrame(page);
    await frame.getByRole('heading', { name: 'First, tell us about yourself and your MSP' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heightMessages: number }).heightMessages))
      .toBeGreaterThan(0);
    // Nothing inside the frame runs past its width at a phone's width.
    expect(
      await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await shot(e2e, page, `embed-host-${width}-${theme}`);
    await context.close();
  });

  it.each(VIEWPORTS)(
    'gives the admin the snippet and the allowed sites at $width px in the $theme theme',
    async ({ width, theme }) => {
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
      await signIn(page, admin.email, '/admin/integrations');
      const panel = page.getByRole('region', { name: 'Embed on other sites' });
      const snippet = `<div data-msp-assessment data-theme="auto"></div><script src="${e2e.baseUrl}/embed.js" async></script>`;
      await panel.getByText(snippet, { exact: true }).waitFor();
      await panel.getByText(allowed.origin, { exact: true }).waitFor();
      await panel.getByText('1 site allowed').waitFor();
      await panel.getByText('follows the visitor', { exact: false }).waitFor();
      await panel.getByRole('button', { name: 'Copy' }).click();
      await page.getByText('Copied!').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await panel.scrollIntoViewIfNeeded();
      await shot(e2e, page, `embed-admin-panel-${width}-${theme}`);
      await expectAccessible(page, `embed panel ${width} ${theme}`, '.embed-panel');
      await context.close();
    },
  );
});
