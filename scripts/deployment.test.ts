import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { healthcheck, last, parseDockerfile, stageEnv, type Stage } from './dockerfile.js';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The Compose Specification's JSON schema, as dclint (a Compose linter) ships it from compose-spec. */
function composeSchema(): object {
  const dclint = path.dirname(createRequire(import.meta.url).resolve('dclint/package.json'));
  return JSON.parse(fs.readFileSync(path.join(dclint, 'schemas/compose.schema.json'), 'utf8')) as object;
}

describe('compose.yaml', () => {
  // The schema names its draft by an https address Ajv does not know; its draft-07 keywords are Ajv's own.
  const validate = new Ajv({ allErrors: true, strict: false, validateSchema: false }).compile(
    composeSchema(),
  );
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
  };

  it('is a valid Compose file', () => {
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it('is checked by a schema that refuses what Compose refuses', () => {
    const broken = structuredClone(compose);
    broken.services.app!.depends_on = { db: { condition: 'service_ready' } };
    expect(validate(broken)).toBe(false);
  });

  it('runs PostgreSQL 17 on a named volume, and starts the app once it is healthy', () => {
    const { db, app } = compose.services;
    expect(db!.image).toBe('postgres:17');
    expect(db!.healthcheck).toMatchObject({ test: ['CMD-SHELL', expect.stringContaining('pg_isready')] });
    const [volume] = (db!.volumes as string[])[0]!.split(':');
    expect(compose.volumes).toHaveProperty(volume!);
    expect(app!.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(app!.environment).toMatchObject({
      DATABASE_URL: expect.stringMatching(/^postgres:\/\/.+@db:5432\//),
      TRUSTED_PROXIES: expect.any(String),
    });
  });
});

describe('Dockerfile', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const runtime = stages.at(-1)!;
  const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);

  it('builds with every dependency in one stage and installs without dev dependencies in the last', () => {
    const build = stages.find((stage) => stage.name === 'build')!;
    expect(stages.map((stage) => stage.from)).toEqual(['node:24-slim', 'node:24-slim']);
    expect(runs(build)).toContain('npm ci --no-audit --no-fund');
    expect(runs(build).some((command) => command.includes('npm run build --workspace services-api'))).toBe(
      true,
    );
    expect(runs(runtime).filter((command) => command.startsWith('npm ci'))).toEqual([
      expect.stringContaining('--omit=dev'),
    ]);
  });

  it('runs as an unprivileged user, with DATA_DIR as a volume', () => {
    const user = last(runtime, 'USER')!.args;
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const userAt = runtime.instructions.indexOf(last(runtime, 'USER')!);
    expect(userAt).toBeLessThan(runtime.instructions.indexOf(last(runtime, 'CMD')!));
    expect(last(runtime, 'VOLUME')!.args).toBe(stageEnv(runtime).DATA_DIR);
  });

  it('starts as `npm run serve` does, with plain node', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(last(runtime, 'CMD')!.exec!.join(' ')).toBe(scripts.serve);
  });

  describe('HEALTHCHECK', () => {
    let status = 200;
    let asked: string[] = [];
    const server = http.createServer((request, response) => {
      asked.push(request.url!);
      response.writeHead(status).end();
    });
    const check = healthcheck(runtime)!;
    const runCheck = () =>
      promisify(execFile)(check.exec[0]!, check.exec.slice(1), {
        env: { ...process.env, PORT: String((server.address() as AddressInfo).port) },
      }).then(
        () => 0,
        (error: { code: number }) => error.code,
      );

    beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('asks /readyz with node alone and passes only on 200', async () => {
      expect(check.exec[0]).toBe('node');
      asked = [];
      status = 200;
      expect(await runCheck()).toBe(0);
      status = 503;
      expect(await runCheck()).toBe(1);
      expect(asked).toEqual(['/readyz', '/readyz']);
      // Two node processes started: over the unit tests' 5 s beside CI's browser tests.
    }, 60_000);
  });
});

describe('.env.example', () => {
  const listed = new Set([...read('.env.example').matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const schema = /const EnvSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(
    read('services-api/src/env-schema.ts'),
  )![1]!;
  const settings = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);

  it('lists every setting the server reads', () => {
    expect(settings.length).toBeGreaterThan(20);
    expect(settings.filter((setting) => !listed.has(setting))).toEqual([]);
  });

  it('lists nothing the server does not read, beyond the metrics token and compose.yaml’s password', () => {
    const known = new Set([...settings, 'METRICS_TOKEN', 'POSTGRES_PASSWORD']);
    expect([...listed].filter((name) => !known.has(name!))).toEqual([]);
  });
});
