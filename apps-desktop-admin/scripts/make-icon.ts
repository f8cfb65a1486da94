// Draws the app icon from the product's favicon (apps-web/public/favicon.svg) at 1024 px, the size
// electron-builder makes every platform's icon from (ico, icns, the Linux sizes). Run it after the
// logo changes: npx tsx apps-desktop-admin/scripts/make-icon.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const svg = fs.readFileSync(path.join(here, '../../apps-web/public/favicon.svg'), 'utf8');
const SIZE = 1024;
// macOS and Windows draw icons edge to edge; a little margin keeps the rounded square from touching.
const MARGIN = 64;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">
      <div style="width:${SIZE}px;height:${SIZE}px;display:grid;place-items:center">
        <div style="width:${SIZE - 2 * MARGIN}px;height:${SIZE - 2 * MARGIN}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
      </div></body></html>`,
  );
  await page.screenshot({ path: path.join(here, '../build/icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
