// `npm run check:production` (CI, after `npm test`): the Dockerfile's runtime stage without Docker,
// since images cannot be pulled here. Copies what its `COPY --from=build` lines copy out of this
// (built) tree into an empty folder, runs its `npm ci` there, checks that no build tool came
// along, starts its CMD with its ENV on a free port, waits for the server to answer, runs its
// HEALTHCHECK, and stops it. On `TEST_DATABASE_URL`'s server when set (a fresh database), else on
// the embedded PostgreSQL, the default install.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../services-api/src/test/free-port.js';
import { healthcheck, last, parseDockerfile, stageEnv, type Stage } from './dockerfile.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Present in a development install only: the production one must start without them. */
const BUILD_TOOLS = ['tsx', 'vite', 'typescript'];
const START_TIMEOUT_MS = 180_000;

function say(message: string): void {
  console.log(`== ${message}`);
}

function fail(message: string): never {
  throw new Error(message);
}

/** Does what the runtime stage's `COPY --from=<build stage>` lines do, from this tree. */
function copyBuiltFiles(build: Stage, runtime: Stage, target: string): void {
  const buildDir = last(build, 'WORKDIR')?.args ?? '/';
  for (const { args } of runtime.instructions.filter((i) => i.keyword === 'COPY')) {
    const parts = args.split(/\s+/);
    if (parts[0] !== `--from=${build.name}`)
      fail(`Only COPY --from=${build.name} is expected here: COPY ${args}`);
    const dest = parts.at(-1)!;
    const sources = parts.slice(1, -1);
    for (const source of sources) {
      const from = path.join(root, path.relative(buildDir, source));
      if (!fs.existsSync(from)) fail(`${path.relative(root, from)} is missing: run \`npm run build\` first.`);
      const into = dest.endsWith('/') || sources.length > 1;
      const to = path.join(target, dest, into && fs.statSync(from).isFile() ? path.basename(from) : '');
      fs.cpSync(from, to, { recursive: true });
    }
  }
}

/** A build tool found anywhere npm could have put it. */
function buildToolsIn(target: string): string[] {
  const folders = [target, ...fs.readdirSync(target).map((name) => path.join(target, name))];
  return folders.flatMap((folder) =>
    BUILD_TOOLS.map((tool) => path.join(folder, 'node_modules', tool)).filter((dir) => fs.existsSync(dir)),
  );
}

async function answers(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

function run(command: string[], cwd: string, env: NodeJS.ProcessEnv): number {
  try {
    execFileSync(command[0]!, command.slice(1), { cwd, env, stdio: 'inherit' });
    return 0;
  } catch (error) {
    return (error as { status?: number }).status ?? 1;
  }
}

async function main(): Promise<void> {
  const stages = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const runtime = stages.at(-1)!;
  const fromName = /--from=(\S+)/.exec(
    runtime.instructions.find((i) => i.keyword === 'COPY')?.args ?? '',
  )?.[1];
  const build =
    stages.find((stage) => stage.name === fromName) ?? fail('The runtime stage copies from no build stage.');
  const cmd = last(runtime, 'CMD')?.exec ?? fail('The runtime stage has no exec-form CMD.');
  const check = healthcheck(runtime) ?? fail('The runtime stage has no HEALTHCHECK.');

  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-production-'));
  // mkdtemp's 0700 would shut out the `postgres` user that the embedded PostgreSQL runs as under
  // root (CI): an install folder is readable, as /app is in the image.
  fs.chmodSync(target, 0o755);
  let database: { admin: string; name: string } | undefined;
  try {
    say(`copying the built files as the Dockerfile's runtime stage does, into ${target}`);
    copyBuiltFiles(build, runtime, target);

    // The packages are in this machine's npm cache already (the tree was installed from the same lockfile).
    const installEnv = { ...process.env, ...stageEnv(runtime), npm_config_prefer_offline: 'true' };
    for (const { args } of runtime.instructions.filter((i) => i.keyword === 'RUN')) {
      // Only the install runs here; the rest (a folder and its owner) concerns the image alone.
      if (!args.startsWith('npm ')) continue;
      say(`RUN ${args}`);
      if (run(['sh', '-c', args], target, installEnv) !== 0) fail(`\`${args}\` failed in the clean copy.`);
    }
    const present = buildToolsIn(target);
    if (present.length) fail(`The production install holds build tools: ${present.join(', ')}`);
    say(`no ${BUILD_TOOLS.join(', ')} in the production install`);

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      ...stageEnv(runtime),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(target, 'data'),
      LOG_LEVEL: 'warn',
    };
    const testDatabaseUrl = process.env.TEST_DATABASE_URL;
    if (testDatabaseUrl) {
      database = { admin: testDatabaseUrl, name: `msp_production_check_${process.pid}` };
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`CREATE DATABASE ${database.name}`);
      await client.end();
      const url = new URL(testDatabaseUrl);
      url.pathname = `/${database.name}`;
      env.DATABASE_URL = url.toString();
      say(`starting \`${cmd.join(' ')}\` on port ${port}, PostgreSQL database ${database.name}`);
    } else {
      env.EMBEDDED_DATABASE_PORT = String(await freePort());
      say(
        `starting \`${cmd.join(' ')}\` on port ${port}, embedded PostgreSQL on ${env.EMBEDDED_DATABASE_PORT}`,
      );
    }

    const started = performance.now();
    const server = spawn(cmd[0]!, cmd.slice(1), {
      cwd: target,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    try {
      const base = `http://127.0.0.1:${port}`;
      while ((await answers(`${base}/healthz`)) !== 200) {
        if (exitCode !== undefined) fail(`The server exited (code ${exitCode}) before it answered.`);
        if (performance.now() - started > START_TIMEOUT_MS)
          fail(`No answer within ${START_TIMEOUT_MS / 1000} s.`);
        await sleep(200);
      }
      say(`GET /healthz answered 200, ${((performance.now() - started) / 1000).toFixed(1)} s after start`);

      // The image's own health check (on /readyz), as Docker runs it, once the server is up.
      // Readiness waits for the warm-up, which a loaded CI machine slows: as generous as the start.
      const readyBy = performance.now() + START_TIMEOUT_MS;
      let code = run(check.exec, target, env);
      while (code !== 0 && performance.now() < readyBy && exitCode === undefined) {
        await sleep(1_000);
        code = run(check.exec, target, env);
      }
      if (code !== 0) fail('The Dockerfile HEALTHCHECK did not pass.');
      say('the Dockerfile HEALTHCHECK passes');

      // The server draws the assessment's first screen with the build's render, which must run from
      // the built files alone.
      const assessment = await (await fetch(`${base}/assessment`)).text();
      if (!/<div id="root"[^>]*><!--\$-->/.test(assessment))
        fail('GET /assessment did not come drawn by the server.');
      say('GET /assessment comes drawn by the server');
    } finally {
      // A server that exited by itself has failed the check above, with its own reason.
      if (exitCode === undefined) {
        server.kill('SIGTERM');
        const code = await Promise.race([exited, sleep(30_000).then(() => 'timeout' as const)]);
        if (code === 'timeout') {
          server.kill('SIGKILL');
          fail('The server did not stop within 30 s of SIGTERM.');
        }
        if (code !== 0) fail(`The server stopped with code ${code} on SIGTERM.`);
      }
    }
    say('stopped cleanly on SIGTERM: the production install works');
  } finally {
    if (database) {
      const client = new pg.Client({ connectionString: database.admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
      await client.end();
    }
    fs.rmSync(target, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(
    `The production install check failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
