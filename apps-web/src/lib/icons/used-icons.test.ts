import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IconNames } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { LANDING_ICONS, USED_ICONS } from './used-icons.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function sourceFiles(dir: string, extensions: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && extensions.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Icon names a source names: `IconNames.X`, and string literals given to an icon prop or field
 * (`icon="x"`, `endIcon: 'x'`, Blueprint's own compiled `icon: "x"`).
 */
function iconNamesIn(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, key] of source.matchAll(/\bIconNames\.([A-Z0-9_]+)/g))
    names.add(IconNames[key as keyof typeof IconNames]);
  for (const [, name] of source.matchAll(/\b[a-zA-Z]*[iI]con\s*[:=]\s*\{?\s*['"]([a-z0-9-]+)['"]/g))
    names.add(name!);
  return names;
}

function iconsUsedUnder(dirs: string[], extensions: RegExp): Set<string> {
  const names = new Set<string>();
  for (const dir of dirs)
    for (const file of sourceFiles(dir, extensions))
      for (const name of iconNamesIn(fs.readFileSync(file, 'utf8'))) names.add(name);
  return names;
}

describe('the icons bundled with the app', () => {
  const fromApp = iconsUsedUnder(
    [path.join(repoRoot, 'apps-web/src'), path.join(repoRoot, 'apps-desktop-admin/src')],
    /\.tsx?$/,
  );
  // Blueprint's components name a few icons of their own by string.
  const fromBlueprint = iconsUsedUnder(
    ['core', 'select'].map((pkg) => path.join(repoRoot, `node_modules/@blueprintjs/${pkg}/lib/esm`)),
    /\.js$/,
  );

  it('finds icon names in the sources (the scan itself works)', () => {
    expect(fromApp).toContain('tick-circle');
    expect(fromApp).toContain('arrow-left');
    expect(fromApp.size).toBeGreaterThan(40);
  });

  it('are exactly the icons the app and Blueprint name, so none renders empty and none is loaded unused', () => {
    const used = [...new Set([...fromApp, ...fromBlueprint])].sort();
    expect([...USED_ICONS].sort()).toEqual(used);
  });

  it('are all real Blueprint icons, and the landing page ones are among them', () => {
    const blueprintIcons = new Set<string>(Object.values(IconNames));
    for (const name of USED_ICONS) expect(blueprintIcons.has(name)).toBe(true);
    for (const name of LANDING_ICONS) expect(USED_ICONS).toContain(name);
  });
});
