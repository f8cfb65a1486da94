import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANDING_JS_BUDGET_BYTES, measureLandingBundle } from './landing-bundle.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Runs the budget benchmarks of DESIGN 9 that exist so far and prints each against its budget. */
function main(): void {
  let failed = false;
  const landing = measureLandingBundle(path.join(root, 'apps-web/dist'));
  console.log('Landing page JavaScript before first paint (gzip):');
  for (const f of [...landing.files].sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
  const ok = landing.total <= LANDING_JS_BUDGET_BYTES;
  failed ||= !ok;
  console.log(
    `  total ${kb(landing.total)} / budget ${kb(LANDING_JS_BUDGET_BYTES)}: ${ok ? 'within' : 'OVER'}`,
  );
  process.exitCode = failed ? 1 : 0;
}

main();
