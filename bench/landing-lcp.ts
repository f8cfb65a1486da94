import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startProductServer } from './product-server.js';

/** Landing page Largest Contentful Paint on a slow phone: the issue 13 goal. */
export const LANDING_LCP_BUDGET_MS = 2500;

/** A mid-range phone on a slow mobile network: 4× slower CPU, 1.6 Mbps both ways, 150 ms latency. */
const CPU_SLOWDOWN = 4;
const LATENCY_MS = 150;
const BYTES_PER_SECOND = 1_600_000 / 8;

/** The Chromium the benches drive: Debian's, as the tests use. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** What a bench's Chromium leaves out: what would compete with the page for the network or CPU. */
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Opens `/` of the real server on the built app `runs` times, each in a fresh browser context
 * (cold cache), throttled over CDP, and reads LCP from a PerformanceObserver once the page is
 * loaded and quiet. Returns every run's LCP in milliseconds, sorted.
 */
export async function measureLandingLcp(distDir: string, runs: number): Promise<number[]> {
  // Serve a copy: a build started meanwhile would otherwise swap the files under the server.
  const servedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-bench-dist-'));
  fs.cpSync(distDir, servedDir, { recursive: true });
  const { url, close } = await startProductServer(undefined, 'error', { webDistDir: servedDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', ...QUIET_CHROMIUM_ARGS],
  });
  try {
    const results: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: BYTES_PER_SECOND,
        uploadThroughput: BYTES_PER_SECOND,
      });
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
      // LCP candidates stop once the page is loaded and idle; the last one reported is the LCP.
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]!.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      results.push(lcp);
      await context.close();
    }
    return results.sort((a, b) => a - b);
  } finally {
    await browser.close();
    await close();
    fs.rmSync(servedDir, { recursive: true, force: true });
  }
}
