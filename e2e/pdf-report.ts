import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { saveScreenshot } from './harness.js';

/** What a test reads of a PDF: its pages' sizes in points and each page's text. */
export interface PdfContent {
  pages: { width: number; height: number; text: string }[];
  /** Every page's text, one space between words (no-break spaces included). */
  text: string;
}

/** The points of a sheet, portrait: A4 is 595 × 842, US Letter 612 × 792. */
export const PAPER_POINTS = {
  a4: { width: 595, height: 842 },
  letter: { width: 612, height: 792 },
} as const;

/** A text to find literally inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Reads a PDF with pdf.js as a reader would: the size of each page and the text on it. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  // pdf.js takes the buffer over: give it a copy, the test still reads the bytes.
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: PdfContent['pages'] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('');
      pages.push({ width: Math.round(width), height: Math.round(height), text: squeeze(text) });
    }
    return { pages, text: pages.map((page) => page.text).join(' ') };
  } finally {
    await document.destroy();
  }
}

const pdfjsBuild = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'build',
);

/** The page that draws page 1 of /report.pdf on a canvas with pdf.js, then sets `rendered`. */
const VIEWER = `<!doctype html>
<html><head><meta charset="utf-8"><title>PDF page 1</title>
<style>body { margin: 0; background: #888; } canvas { display: block; }</style></head>
<body><canvas id="page"></canvas>
<script type="module">
  import * as pdfjs from '/pdfjs/pdf.mjs';
  pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/pdf.worker.mjs';
  try {
    const pdf = await pdfjs.getDocument('/report.pdf').promise;
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = document.getElementById('page');
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await page.render({ canvas, viewport }).promise;
    window.rendered = { width: canvas.width, height: canvas.height };
  } catch (error) {
    window.rendered = { error: String(error) };
  }
</script></body></html>`;

const STATIC_TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.map': 'application/json' };

/**
 * Draws page 1 of a PDF in Chromium with pdf.js (its build served, with the PDF, from a small
 * server of its own on 127.0.0.1), saves it as test-artifacts/screenshots/<name>.png and returns
 * the share of the page that is not white: a blank page, or one pdf.js could not draw, is near 0.
 */
export async function renderFirstPage(browser: Browser, bytes: Uint8Array, name: string): Promise<number> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(VIEWER);
    if (url.pathname === '/report.pdf')
      return void res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(Buffer.from(bytes));
    const file = url.pathname.startsWith('/pdfjs/') ? path.join(pdfjsBuild, path.basename(url.pathname)) : '';
    if (!file || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': STATIC_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ viewport: { width: 960, height: 1300 } });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'rendered' in window);
    const rendered = await page.evaluate(
      () => (window as unknown as { rendered: { error?: string } }).rendered,
    );
    if (rendered.error) throw new Error(`pdf.js could not draw the report: ${rendered.error}`);
    await saveScreenshot(page.locator('#page'), `${name}.png`);
    return await page.evaluate(() => {
      const canvas = document.getElementById('page') as HTMLCanvasElement;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let inked = 0;
      for (let index = 0; index < data.length; index += 4) {
        if (data[index]! < 240 || data[index + 1]! < 240 || data[index + 2]! < 240) inked++;
      }
      return inked / (data.length / 4);
    });
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Each pillar's name and score ("66.7%") as the admin's submission detail lists them. */
export async function detailPillarScores(page: Page): Promise<{ name: string; score: string }[]> {
  const rows = page.getByRole('list', { name: 'Pillar scores' }).getByRole('listitem');
  await rows.first().waitFor();
  return rows.evaluateAll((items) =>
    items.map((item) => {
      const [name, score] = [...item.querySelectorAll('span')].map((span) => span.textContent!.trim());
      return { name: name!, score: score! };
    }),
  );
}

/**
 * The admin and the report both write a score with one decimal: each pillar's row of the report's
 * scores table ("Tooling 2 Advanced 60.9%") holds the score the admin shows.
 */
export function expectDetailScoresIn(pdf: PdfContent, scores: { name: string; score: string }[]): void {
  expect(scores).toHaveLength(6);
  for (const { name, score } of scores) {
    expect(pdf.text, name).toMatch(
      new RegExp(`${escapeRegExp(name)} [0-3] [^\\d%]{1,40}? ${escapeRegExp(score)}`),
    );
  }
}
