import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'services-api/src/cli.ts');

/**
 * The product's command line as an operator runs it: no DATABASE_URL, so on the embedded
 * PostgreSQL in DATA_DIR, listening on `port`. Answers its exit code and what it printed.
 */
export async function runCli(
  dataDir: string,
  port: number,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        EMBEDDED_DATABASE_PORT: String(port),
        NODE_ENV: 'production',
      },
      cwd: os.tmpdir(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
