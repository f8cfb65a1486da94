import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_PAGE, configRows, configurationPage, tableRow } from './config-docs.js';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** A Markdown table row's cells, padding trimmed. */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(' | ')
    .map((cell) => cell.trim());

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from the environment schema', async () => {
    const page = fs.readFileSync(CONFIGURATION_PAGE, 'utf8');
    expect(page, 'docs/configuration.md is out of date: run `npm run docs:config`').toBe(
      await configurationPage(),
    );
  });

  it('has a row for every setting, each with its meaning', () => {
    const rows = configRows();
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.flatMap((row) => row.names)).toContain('PORT');
    expect(rows.every((row) => row.meaning.length > 0)).toBe(true);
  });

  it('links only to files that exist', async () => {
    const targets = [...(await configurationPage()).matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)].map((m) => m[1]!);
    expect(targets.filter((target) => !fs.existsSync(path.join(root, 'docs', target)))).toEqual([]);
  });
});

describe("the README's configuration table", () => {
  const readmeRows = read('README.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map(cells);
  const pageRows = new Map(configRows().map((row) => [cells(tableRow(row))[0]!, cells(tableRow(row))]));

  it('keeps the handful of settings a first install needs', () => {
    expect(readmeRows.map((row) => row[0])).toEqual(
      expect.arrayContaining(['`PORT`', '`HOST`', '`PUBLIC_URL`', '`DATABASE_URL`', '`SMTP_URL`']),
    );
  });

  it('says of each what docs/configuration.md says', () => {
    for (const row of readmeRows) expect(row).toEqual(pageRows.get(row[0]!));
  });
});
