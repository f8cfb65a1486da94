import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const json = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');

/** `>=20.19` or `>= 22.12.0` as the README words it: "20.19 or newer". */
function orNewer(range: string): string {
  const version = /^>=\s*(\d+)\.(\d+)(?:\.0)?$/.exec(range.trim());
  if (!version) throw new Error(`not a plain lower bound: ${range}`);
  return `${version[1]}.${version[2]} or newer`;
}

describe("the README's Node.js versions", () => {
  it("say the server's least version, as package.json's engines do", () => {
    expect(readme).toContain(`Supported Node.js versions: ${orNewer(json('package.json').engines.node)}`);
  });

  it("say the desktop client needs the Node.js that Electron's downloader does", () => {
    const electron = json('node_modules/electron/package.json');
    expect(readme).toContain(`The desktop client needs Node.js ${orNewer(electron.engines.node)}`);
  });
});
