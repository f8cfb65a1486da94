import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result, UserFlow } from 'lighthouse';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { submitAssessment } from '../e2e/submissions-seed.js';
import { CHROMIUM, QUIET_CHROMIUM_ARGS } from './landing-lcp.js';
import { startProductServer } from './product-server.js';

/**
 * The phone Lighthouse's default (mobile) config emulates, set on the page as well: Lighthouse sets
 * it only for the length of its own steps, and the first question is reached by clicks between them.
 */
const MOBILE_VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** Longest one page's run may take (Lighthouse waits up to 45 s for a load by itself). */
const RUN_TIMEOUT_MS = 240_000;
/** Longest a click or a wait between Lighthouse's steps may take. */
const STEP_TIMEOUT_MS = 60_000;

/** One Lighthouse navigation's figures; scores out of 100 as the report shows them. */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  unusedJavaScriptKiB: number;
  /** The Accessibility audits that failed, by id. */
  failedAccessibility: string[];
  /** Lighthouse's measure of the host's CPU (higher is faster; a typical desktop is over 1000). */
  benchmarkIndex: number;
  warnings: string[];
  /** Audits Lighthouse could not run (scored as errors, outside every category's score). */
  erroredAudits: string[];
  lighthouseVersion: string;
}

/**
 * The first question as a visitor reaches it, in the same flow: the Next click from the filled-in
 * first step (a timespan) and the question it shows (a snapshot), neither with an LCP.
 */
export interface AfterClickFigures {
  accessibility: number;
  bestPractices: number;
  seo: number;
  failedAccessibility: string[];
  tbtMs: number;
  cls: number;
  /** The Next click's Interaction to Next Paint, when Lighthouse saw it. */
  inpMs: number | null;
}

export interface PageResult {
  name: string;
  path: string;
  /** Every run that finished, in the order run. */
  runs: LighthouseFigures[];
  /** The run with the median Performance score, whose other figures are shown. */
  median: LighthouseFigures;
  /** The first question only: the flow's click and snapshot, in the median run. */
  afterClick?: AfterClickFigures;
  /** Runs that failed and were run again, with why. */
  failures: string[];
  /** Where the median run's HTML report (Lighthouse's user-flow report) was written. */
  reportFile: string;
}

export interface LighthouseBench {
  lighthouseVersion: string;
  chromiumVersion: string;
  pages: PageResult[];
}

export const PAGE_KINDS = ['landing', 'question', 'results'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

interface RunOutcome {
  figures: LighthouseFigures;
  afterClick?: AfterClickFigures;
  /** The flow's HTML report. */
  report: string;
}

/**
 * Lighthouse's default audit (mobile, simulated throttling) of three pages of the real server on
 * the built app, `runs` times each, every run in a fresh Chromium (a fresh profile): the landing
 * page; the first question, reached as a visitor does (Start, the first step filled in, Next),
 * then loaded cold as a reload shows it (the app keeps the visitor's place in local storage, not
 * in the address); and the results of an assessment submitted through the API first.
 */
export async function measureLighthouse(
  distDir: string,
  runs: number,
  reportDir: string,
  only?: readonly PageKind[],
): Promise<LighthouseBench> {
  if (!fs.existsSync(path.join(distDir, 'index.html')))
    throw new Error(`${distDir} holds no built app: run npm run build first`);
  // Loaded here, not with the other benches: Lighthouse is large, and only this bench needs it.
  // puppeteer-core is Lighthouse's own (its dependency, the version its user flows are written for).
  const { startFlow } = await import('lighthouse');
  const { default: puppeteer } = await import('puppeteer-core');
  // Serve a copy: a build started meanwhile would otherwise swap the files under the server.
  const servedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-bench-dist-'));
  fs.cpSync(distDir, servedDir, { recursive: true });
  const product = await startProductServer(undefined, 'error', { webDistDir: servedDir });
  let chromiumVersion = '';
  let lighthouseVersion = '';
  try {
    const submitted = await submitAssessment(product.server, {
      first_name: 'Dana',
      last_name: 'Reyes',
      email_address: 'dana@northwind-it.example',
      company: 'Northwind IT',
    });
    // Viewed once, as the app shows the results right after submitting: a link to them is opened
    // later, with their analysis written, and the server then draws the page.
    await product.server.inject(`/api/assessment/results/${submitted.id}`);
    const pages = (
      [
        ['landing', 'The landing page', '/'],
        ['question', 'The first question', '/assessment'],
        ['results', 'A results page', `/results/${submitted.id}`],
      ] satisfies [PageKind, string, string][]
    ).filter(([kind]) => !only || only.includes(kind));

    const runOnce = async (kind: PageKind, pagePath: string): Promise<RunOutcome> => {
      const browser: Browser = await puppeteer.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: QUIET_CHROMIUM_ARGS,
        defaultViewport: MOBILE_VIEWPORT,
        protocolTimeout: RUN_TIMEOUT_MS,
      });
      try {
        chromiumVersion ||= await browser.version();
        const page = await browser.newPage();
        const flow = await startFlow(page, { flags: { logLevel: 'error' } });
        const outcome = await withTimeout(
          auditPage(flow, page, kind, product.url, pagePath),
          RUN_TIMEOUT_MS,
          `${pagePath} did not finish in ${RUN_TIMEOUT_MS / 1000} s`,
        );
        lighthouseVersion ||= outcome.figures.lighthouseVersion;
        return outcome;
      } finally {
        // Chromium is ended whatever happened: closed, or killed when closing fails or hangs.
        await withTimeout(browser.close(), 15_000, 'Chromium did not close').catch(() =>
          browser.process()?.kill('SIGKILL'),
        );
      }
    };

    const results: PageResult[] = [];
    for (const [kind, name, pagePath] of pages) {
      const outcomes: RunOutcome[] = [];
      const failures: string[] = [];
      // A failed run (a timeout on a busy machine, Chromium gone) is run again, twice at most per page.
      for (let attempt = 0; outcomes.length < runs && attempt < runs + 2; attempt += 1) {
        try {
          outcomes.push(await runOnce(kind, pagePath));
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
      if (outcomes.length === 0) throw new Error(`${name}: every run failed: ${failures.join('; ')}`);
      const byPerformance = [...outcomes].sort((a, b) => a.figures.performance - b.figures.performance);
      const middle = byPerformance[Math.floor(byPerformance.length / 2)]!;
      fs.mkdirSync(reportDir, { recursive: true });
      const reportFile = path.join(reportDir, `${kind}.html`);
      fs.writeFileSync(reportFile, middle.report);
      results.push({
        name,
        path: kind === 'results' ? '/results/<id>' : pagePath,
        runs: outcomes.map((outcome) => outcome.figures),
        median: middle.figures,
        ...(middle.afterClick ? { afterClick: middle.afterClick } : {}),
        failures,
        reportFile,
      });
    }
    return { lighthouseVersion, chromiumVersion, pages: results };
  } finally {
    await product.close();
    fs.rmSync(servedDir, { recursive: true, force: true });
  }
}

/** One run of one page in its own flow: a cold navigation, after the clicks for the first question. */
async function auditPage(
  flow: UserFlow,
  page: Page,
  kind: PageKind,
  origin: string,
  pagePath: string,
): Promise<RunOutcome> {
  let afterClick: AfterClickFigures | undefined;
  if (kind === 'question') {
    // As a visitor: the landing page's Start, the first step filled in, then Next.
    await page.goto(`${origin}/`, { waitUntil: 'networkidle0', timeout: STEP_TIMEOUT_MS });
    await clickVisible(page, '::-p-aria([name="Start Assessment"][role="link"])');
    await page.waitForSelector('#demographics-heading', { timeout: STEP_TIMEOUT_MS });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: STEP_TIMEOUT_MS });
    await fillFirstStep(page);
    await flow.startTimespan({ name: 'Next, to the first question' });
    await clickVisible(page, '::-p-aria([name="Next"][role="button"])');
    await page.waitForFunction(() => /Question 1 of \d+/.test(document.body.innerText), {
      timeout: STEP_TIMEOUT_MS,
    });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: STEP_TIMEOUT_MS });
    await flow.endTimespan();
    await flow.snapshot({ name: 'The first question, after Next' });
  }
  // A cold load: Lighthouse empties the HTTP cache (and, as by default, keeps local storage, where
  // the first question's draft is; a fresh profile holds nothing else).
  await flow.navigate(`${origin}${pagePath}`, { name: pagePath, disableStorageReset: false });
  if (kind === 'question') {
    const shown = await page.evaluate(() => /Question 1 of \d+/.test(document.body.innerText));
    if (!shown) throw new Error('the reload of /assessment did not show the first question');
  }

  const { steps } = await flow.createFlowResult();
  const navigation = steps[steps.length - 1]!.lhr;
  if (kind === 'question') {
    const timespan = steps[0]!.lhr;
    const snapshot = steps[1]!.lhr;
    checkRun(timespan);
    checkRun(snapshot);
    const inp = timespan.audits['interaction-to-next-paint']?.numericValue;
    afterClick = {
      accessibility: score(snapshot, 'accessibility'),
      bestPractices: score(snapshot, 'best-practices'),
      seo: score(snapshot, 'seo'),
      failedAccessibility: failedAudits(snapshot, 'accessibility'),
      tbtMs: numeric(timespan, 'total-blocking-time'),
      cls: numeric(timespan, 'cumulative-layout-shift'),
      inpMs: inp ?? null,
    };
  }
  return {
    figures: navigationFigures(navigation),
    ...(afterClick ? { afterClick } : {}),
    report: await flow.generateReport(),
  };
}

function navigationFigures(lhr: Result): LighthouseFigures {
  checkRun(lhr);
  const unused = lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined;
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    unusedJavaScriptKiB: (unused?.overallSavingsBytes ?? 0) / 1024,
    failedAccessibility: failedAudits(lhr, 'accessibility'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings.map(String),
    erroredAudits: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'error')
      .map((audit) => audit.id),
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/** A run Lighthouse could not finish (no paint, a page error) is a failed run, not a score of 0. */
function checkRun(lhr: Result): void {
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
}

function score(lhr: Result, category: string): number {
  const value = lhr.categories[category]?.score;
  if (value === null || value === undefined)
    throw new Error(`no ${category} score for ${lhr.finalDisplayedUrl}`);
  return Math.round(value * 100);
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`no ${audit} for ${lhr.finalDisplayedUrl}`);
  return value;
}

/** The category's audits that count toward its score and did not pass. */
function failedAudits(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id]!)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        !['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => audit.id);
}

/** Clicks the first of the elements matching `selector` that is on screen (a phone hides some). */
async function clickVisible(page: Page, selector: string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const handle of await page.$$(selector)) {
      if (await handle.isVisible()) return void (await handle.click());
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing visible matches ${selector}`);
}

/**
 * Fills the assessment's first step as a visitor would: every required field (a business address
 * for the email, the first choice of each list), and the consent statement when one is asked for.
 */
async function fillFirstStep(page: Page): Promise<void> {
  for (const field of await page.$$('form [aria-required="true"]')) {
    const { tag, type } = await field.evaluate((element) => ({
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute('type') ?? '',
    }));
    if (tag === 'select') {
      const select = field as ElementHandle<HTMLSelectElement>;
      const first = await select.evaluate(
        (element) => [...element.options].find((option) => option.value !== '')?.value ?? '',
      );
      await select.select(first);
    } else if (tag === 'input') {
      const value = type === 'email' ? 'dana@northwind-it.example' : type === 'number' ? '10' : 'Bench';
      await field.type(value);
    } else {
      // A radio group: its first choice.
      const radio = await field.$('input[type="radio"]');
      await radio?.click();
    }
  }
  const consent = await page.$('#assessment-consent');
  if (consent && !(await consent.evaluate((input) => (input as HTMLInputElement).checked)))
    await consent.evaluate((input) => (input as HTMLInputElement).click());
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
