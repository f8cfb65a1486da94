import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { testDatabaseKinds, type TestDatabase } from '../test/test-database.js';
import { enqueueJob } from './job-store.js';
import { JobWorker } from './job-worker.js';

describe.each(testDatabaseKinds)('a stopping job worker on $name', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database.destroy());

  it('does not wait past its grace for an attempt that ignores its signal, and the job runs again', async () => {
    const worker = new JobWorker(database.db, createLogger('fatal'), {
      pollIntervalMs: 50,
      shutdownGraceMs: 200,
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const stuck = new Promise<void>((resolve) => (finish = resolve));
    // Work its abort signal cannot stop, as a PDF being drawn.
    worker.handle('analysis', {
      timeoutMs: 60_000,
      retryDelaysMs: [],
      run: async () => {
        started();
        await stuck;
      },
    });
    const id = await enqueueJob(database.db, { kind: 'analysis', submissionId: null, maxAttempts: 3 });
    worker.start();
    await running;

    const stopping = Date.now();
    await worker.stop();
    // The grace (200 ms) and the aborted attempts' settling (2 s), not the attempt's own end.
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(worker.started).toBe(false);
    // Not recorded as done: its lease runs out and a worker runs it again.
    const job = await database.db('jobs').where({ id }).first();
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    finish();
  });
});
