import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, LOG_FLUSH_MS, logDestination } from './logger.js';
import { eventually } from './test/webhook-receiver.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-log-destination-'));
const loggerModule = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'logger.ts')).href;

const numbersIn = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { n: number }).n);

/**
 * A process that logs `count` lines through the production destination (its standard output,
 * here `file`), then ends as `ending`.
 */
function logAndEnd(file: string, count: number, ending: string): number | null {
  const script = `
    const { createLogger, logDestination } = await import(${JSON.stringify(loggerModule)});
    const logger = createLogger('info', logDestination());
    for (let n = 0; n < ${count}; n++) logger.info({ n }, 'a line');
    ${ending}
  `;
  const output = fs.openSync(file, 'w');
  try {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', output, 'pipe'],
      timeout: 30_000,
    });
    return child.status;
  } finally {
    fs.closeSync(output);
  }
}

describe('the production log destination', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a few lines within a quarter second, whole and in order, without waiting for a full block', async () => {
    const file = path.join(dir, 'running.log');
    const logger = createLogger('info', logDestination(file));
    for (let n = 0; n < 3; n++) logger.info({ n }, 'a line');
    const written = Date.now();
    await eventually(() => fs.existsSync(file) && numbersIn(file).length === 3, { what: 'three lines' });
    expect(Date.now() - written).toBeLessThan(LOG_FLUSH_MS * 20);
    expect(numbersIn(file)).toEqual([0, 1, 2]);
  });

  it.each([
    ['exits at once', 'process.exit(0);', 0],
    ['ends by itself', '', 0],
    ['crashes', "throw new Error('the process crashed');", 1],
  ])('keeps every line of a process that %s', (_label, ending, status) => {
    const file = path.join(dir, `${status}-${ending.length}.log`);
    // More than several blocks, and a last one left part full.
    expect(logAndEnd(file, 5_000, ending)).toBe(status);
    expect(numbersIn(file)).toEqual(Array.from({ length: 5_000 }, (_, n) => n));
  });
});
