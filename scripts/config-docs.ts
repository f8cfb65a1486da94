/**
 * Writes docs/configuration.md from the environment schema (services-api/src/env-schema.ts), where
 * each variable's rule and documentation sit together: `npm run docs:config`. config-docs.test.ts
 * fails when the page differs from what this would write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { EnvSchema, type EnvVariableDoc } from '../services-api/src/env-schema.js';

const root = path.resolve(import.meta.dirname, '..');
export const CONFIGURATION_PAGE = path.join(root, 'docs/configuration.md');

/** One row of the table: the variables it covers, its default and its meaning, in Markdown. */
export interface ConfigRow {
  names: string[];
  default: string;
  meaning: string;
}

/** What an empty environment gives a variable, as the Default column shows it. */
function shownDefault(value: unknown): string {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  return `\`${String(value)}\``;
}

/** The table's rows in the schema's order; throws when a variable has no documentation. */
export function configRows(): ConfigRow[] {
  const defaults: Record<string, unknown> = EnvSchema.parse({});
  const rows = new Map<string, ConfigRow>();
  for (const [name, schema] of Object.entries(EnvSchema.shape)) {
    const doc = (schema.meta() ?? {}) as EnvVariableDoc;
    if (doc.internal) continue;
    if (doc.describedWith) {
      const row = rows.get(doc.describedWith);
      if (!row) throw new Error(`${name} is described with ${doc.describedWith}, which has no row before it`);
      row.names.push(name);
    } else if (doc.description) {
      rows.set(name, {
        names: [name],
        default: doc.defaultText ?? shownDefault(defaults[name]),
        meaning: doc.description,
      });
    } else {
      throw new Error(`${name} has no description in services-api/src/env-schema.ts`);
    }
  }
  return [...rows.values()];
}

/** The table's Markdown row for one setting, before Prettier aligns the columns. */
export function tableRow(row: ConfigRow): string {
  const names = row.names.map((name) => `\`${name}\``).join(', ');
  return `| ${names} | ${row.default} | ${row.meaning} |`;
}

/** docs/configuration.md as it should read, formatted as `prettier --check` expects. */
export async function configurationPage(): Promise<string> {
  const text = [
    '<!-- Written by `npm run docs:config` from services-api/src/env-schema.ts: edit the descriptions there. -->',
    '',
    '# Configuration',
    '',
    'Everything is read from the environment (or a `.env` file in the working directory) once at',
    'start-up. A bad value stops the server with a message naming the variable. Nothing is required.',
    '',
    '| Variable | Default | Meaning |',
    '| --- | --- | --- |',
    ...configRows().map(tableRow),
    '',
    'Copy [.env.example](../.env.example), which lists every setting, to `.env` to change them.',
    '',
  ].join('\n');
  const options = await prettier.resolveConfig(CONFIGURATION_PAGE);
  return prettier.format(text, { ...options, filepath: CONFIGURATION_PAGE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(CONFIGURATION_PAGE, await configurationPage());
  console.log(`Wrote ${path.relative(root, CONFIGURATION_PAGE)}`);
}
