import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PublicQuestion } from '@msp/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { person } from './test/fixtures.js';
import { submitAs } from './test/submission-helpers.js';
import { startTestApp } from './test/test-app.js';
import { testDatabaseKinds } from './test/test-database.js';
import { eventually, startWebhookReceiver } from './test/webhook-receiver.js';
import { freePort } from './test/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const main = path.join(root, 'services-api/src/main.ts');

/** Resolves once the process has written a line matching `pattern` to stdout. */
function waitForOutput(child: ChildProcess, pattern: RegExp, output: { text: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(output.text)) {
        child.stdout!.off('data', check);
        child.off('exit', exited);
        resolve();
      }
    };
    const exited = (code: number | null) =>
      reject(new Error(`the server exited (${code}) before printing ${pattern}:\n${output.text}`));
    child.stdout!.on('data', check);
    child.once('exit', exited);
    check();
  });
}

/** Whether a new connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('the server process on SIGTERM', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses new connections, finishes the request in flight, and exits 0',
    { timeout: 240_000 },
    async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'msp-sigterm-'));
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_DATABASE_PORT: String(await freePort()),
      };
      // The default install: the server runs PostgreSQL itself from DATA_DIR.
      delete env.DATABASE_URL;
      env.LOG_LEVEL = 'info';
      const output = { text: '' };
      child = spawn(process.execPath, ['--import', 'tsx', main], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output.text += chunk));
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output.text += chunk));
      const exit = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      await waitForOutput(child, /Serving on/, output);

      const questions = (await (
        await fetch(`http://127.0.0.1:${port}/api/assessment-questions`)
      ).json()) as PublicQuestion[];
      const body = JSON.stringify({
        demographicData: person,
        answers: questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id })),
      });

      // A submission whose body is half sent: "100 Continue" says the server is reading it.
      const inFlight = net.connect(port, '127.0.0.1');
      let received = '';
      inFlight.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      const closed = new Promise((resolve) => inFlight.once('close', resolve));
      inFlight.write(
        'POST /api/assessment/submit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      while (!received.includes('100 Continue')) await new Promise((resolve) => setTimeout(resolve, 20));
      const half = Math.floor(body.length / 2);
      inFlight.write(body.slice(0, half));

      child.kill('SIGTERM');
      await waitForOutput(child, /SIGTERM received, stopping/, output);
      let refusing = false;
      for (let tries = 0; tries < 100 && !refusing; tries++) {
        refusing = await refused(port);
        if (!refusing) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(refusing).toBe(true);
      expect(child.exitCode).toBeNull();

      inFlight.write(body.slice(half));
      await closed;
      expect(received).toMatch(/HTTP\/1\.1 201 Created/);
      expect(received).toMatch(/"submissionId":"[0-9a-f-]{36}"/);
      expect(await exit, output.text).toBe(0);
      // And stopped the PostgreSQL it ran, after the request in flight was stored.
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    },
  );
});

describe.each(testDatabaseKinds)('stopping the server on $name', (kind) => {
  it('refuses new connections at once, while a follow-up job still runs', async () => {
    const receiver = await startWebhookReceiver();
    const app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}` },
      jobs: { pollIntervalMs: 50, shutdownGraceMs: 3000 },
    });
    try {
      await app.server.start();
      const port = Number(app.server.info.port);
      receiver.answerNext('hang');
      const id = await submitAs(app);
      await eventually(() => receiver.received.length === 1, {
        timeoutMs: 60_000,
        what: 'the hanging webhook attempt',
      });

      const stopped = app.server.stop();
      await eventually(() => refused(port), { timeoutMs: 60_000, what: 'new connections refused' });
      // The attempt is still running: the listener did not wait for the job worker to stop.
      const job = await app.db('jobs').where({ submission_id: id, kind: 'webhook' }).first();
      expect(job.locked_by).not.toBeNull();
      await stopped;
      expect(await app.db('jobs').where({ submission_id: id, kind: 'webhook' }).first()).toMatchObject({
        status: 'queued',
        locked_by: null,
      });
    } finally {
      await app.close();
      await receiver.close();
    }
  });
});
