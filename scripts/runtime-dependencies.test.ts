import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The production install (`npm ci --omit=dev`, the Dockerfile's runtime stage) holds a workspace's
// `dependencies` only. A package the server's code imports from `devDependencies` passes every test
// on a development install and stops the production server at its first import: caught here in a
// second rather than by the production install check at the end of CI.
const root = path.resolve(import.meta.dirname, '..');
const WORKSPACES = ['services-api', 'shared'];
const TEST_CODE = /(\.test\.ts$|\/test\/)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !TEST_CODE.test(file) ? [file] : [];
  });
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const builtins = new Set(builtinModules);

describe('the production install', () => {
  it.each(WORKSPACES)("holds every package %s's runtime code imports", (workspace) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      // A workspace of this repository, installed beside the server as its own code.
      '@msp/shared',
    ]);
    const missing = sourceFiles(path.join(root, workspace, 'src')).flatMap((file) =>
      ts
        .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((imported) => imported.fileName)
        .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
        .filter((specifier) => !builtins.has(packageOf(specifier)))
        .filter((specifier) => !declared.has(packageOf(specifier)))
        .map((specifier) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(missing).toEqual([]);
  });
});
