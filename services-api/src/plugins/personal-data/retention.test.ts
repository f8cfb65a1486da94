import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dayAfter, dayOf } from '../../domain/days.js';
import { createLogger } from '../../logger.js';
import { createServer } from '../../server.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { aggregatesAndRows } from '../../test/stats-helpers.js';
import { backdate, submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';
import { deleteSubmittedBefore } from '../submissions/submission-deletes.js';
import { scheduleRetention } from './retention.js';

const FAST_JOBS = { pollIntervalMs: 100 };
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const today = () => dayOf(Date.now());

describe.each(testDatabaseKinds)('submission retention on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  const extraServers: Server[] = [];

  /** Another server on the same database, as a second instance would be. */
  const anotherServer = async () => {
    const server = await createServer({
      config: app.config,
      db: app.db,
      logger: createLogger('silent'),
      jobs: FAST_JOBS,
    });
    extraServers.push(server);
    return server;
  };

  const retentionJobs = () => app.db('jobs').where({ kind: 'retention' }).orderBy('id');
  const retentionRecords = () =>
    app.db('audit_events').where({ action: 'submission.retention' }).orderBy('id');

  /** A submission of `daysOld` days with an analysis job that has run (so an attempt is recorded). */
  async function submissionOf(daysOld: number, email: string): Promise<string> {
    const jobsDone = (id: string) =>
      eventually(
        async () => {
          const jobs = await app.db('jobs').where({ submission_id: id });
          return jobs.length > 0 && jobs.every((job) => job.status === 'succeeded');
        },
        { what: `the jobs of ${email}` },
      );
    const id = await submitAs(app, { email_address: email }, 2);
    // Its results email sent before it is moved back in time: moving it stores it anew, and a job
    // not yet run would go with the old row.
    await jobsDone(id);
    if (daysOld > 0) await backdate(app, id, daysAgo(daysOld));
    const regenerated = await app.request({
      method: 'POST',
      url: `/api/admin/submissions/${id}/clear-ai`,
      headers: admin.headers,
    });
    expect(regenerated.status).toBe(200);
    await jobsDone(id);
    return id;
  }

  /** The next day's run made due now, as if that day had come; resolves once it has run. */
  async function runNextRetention(): Promise<number> {
    const [queued] = await app
      .db('jobs')
      .where({ kind: 'retention', status: 'queued' })
      .update({ run_at: app.db.fn.now() })
      .returning('id');
    expect(queued).toBeDefined();
    const id = Number((queued as { id: string }).id);
    await eventually(async () => (await app.db('jobs').where({ id }).first()).status === 'succeeded', {
      what: 'the retention run',
    });
    return id;
  }

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SUBMISSION_RETENTION_DAYS: '30' }, jobs: FAST_JOBS });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterEach(async () => {
    await Promise.all(extraServers.splice(0).map((server) => server.stop()));
  });
  afterAll(() => app?.close());

  it('runs once as the server starts, and queues the next day’s run', async () => {
    await eventually(async () => (await retentionJobs())[0]?.status === 'succeeded', {
      what: 'the first run',
    });
    const jobs = await retentionJobs();
    expect(jobs.map((job) => job.unique_key)).toEqual([
      `retention:${today()}`,
      `retention:${dayOf(Date.parse(dayAfter(today())))}`,
    ]);
    expect(jobs[1]).toMatchObject({ status: 'queued', submission_id: null });
    expect(new Date(jobs[1].run_at).toISOString()).toBe(dayAfter(today()));
    const [record] = await retentionRecords();
    expect(record).toMatchObject({
      actor_kind: 'operator',
      actor_name: 'Data retention (SUBMISSION_RETENTION_DAYS)',
      target_type: 'submission',
    });
    expect(record.summary).toMatchObject({ deleted: 0, retentionDays: 30, complete: true });
  });

  it('deletes exactly the submissions past the period, with their scores, jobs and attempts', async () => {
    const old = [
      await submissionOf(31, 'old-one@gone.example'),
      await submissionOf(400, 'old-two@gone.example'),
    ];
    const kept = [await submissionOf(29, 'recent@kept.example'), await submissionOf(0, 'today@kept.example')];
    const oldJobs = await app.db('jobs').whereIn('submission_id', old).pluck('id');
    const keptJobs = await app.db('jobs').whereIn('submission_id', kept).pluck('id');
    expect(oldJobs.length).toBeGreaterThan(0);
    expect(await app.db('job_attempts').whereIn('job_id', oldJobs)).not.toHaveLength(0);
    const keptAttempts = await app.db('job_attempts').whereIn('job_id', keptJobs).count({ n: '*' });
    // Without SMTP each results email is a file in the outbox, named by its submission.
    const outbox = path.join(app.config.dataDir, 'outbox');
    const emailsOf = async (ids: string[]) =>
      (await readdir(outbox)).filter((name) => ids.some((id) => name.endsWith(`-results-${id}.eml`)));
    expect(await emailsOf(old)).toHaveLength(2);
    const keptEmails = await emailsOf(kept);
    expect(keptEmails).toHaveLength(2);

    const runId = await runNextRetention();

    expect(await emailsOf(old)).toEqual([]);
    expect(await emailsOf(kept)).toEqual(keptEmails);

    expect(await app.db('submissions').whereIn('id', old)).toHaveLength(0);
    expect(await app.db('submission_pillar_scores').whereIn('submission_id', old)).toHaveLength(0);
    expect(await app.db('jobs').whereIn('id', oldJobs)).toHaveLength(0);
    expect(await app.db('job_attempts').whereIn('job_id', oldJobs)).toHaveLength(0);
    expect((await app.db('submissions').whereIn('id', kept).pluck('id')).sort()).toEqual([...kept].sort());
    expect(await app.db('submission_pillar_scores').whereIn('submission_id', kept)).not.toHaveLength(0);
    expect(await app.db('jobs').whereIn('id', keptJobs)).toHaveLength(keptJobs.length);
    expect(await app.db('job_attempts').whereIn('job_id', keptJobs).count({ n: '*' })).toEqual(keptAttempts);

    const { kept: aggregates, counted } = await aggregatesAndRows(app.db);
    expect(aggregates).toEqual(counted);
    // The admin's list counts from the aggregates too.
    const list = await app.request<{ pagination: { total: number } }>({
      url: '/api/admin/submissions',
      headers: admin.headers,
    });
    expect(list.body.pagination.total).toBe(kept.length);

    const record = (await retentionRecords()).at(-1);
    expect(record.summary).toMatchObject({ deleted: 2, retentionDays: 30, complete: true });
    // The run queued the one after it.
    const next = await app.db('jobs').where({ kind: 'retention', status: 'queued' });
    expect(next).toHaveLength(1);
    expect(Number(next[0].id)).toBeGreaterThan(runId);
  });

  it('deletes in batches of its own transactions, and an old backlog all goes', async () => {
    const backlog = [];
    for (let i = 0; i < 3; i += 1) backlog.push(await submitAs(app, { email_address: `b${i}@old.example` }));
    for (const id of backlog) await backdate(app, id, daysAgo(90 + backlog.indexOf(id)));
    const batches: number[] = [];
    const deleted = await deleteSubmittedBefore(app.db, new Date(daysAgo(30)), {
      batchSize: 2,
      onDeleted: (ids) => {
        batches.push(ids.length);
      },
    });
    expect(deleted).toBe(3);
    expect(batches).toEqual([2, 1]);
    expect(await app.db('submissions').whereIn('id', backlog)).toHaveLength(0);
    const { kept, counted } = await aggregatesAndRows(app.db);
    expect(kept).toEqual(counted);
  });

  it('runs once when two instances share the database', async () => {
    const second = await anotherServer();
    expect(second).toBeDefined();
    // Starting a second instance queued nothing new: today's run is there already.
    expect(await app.db('jobs').where({ unique_key: `retention:${today()}` })).toHaveLength(1);
    const old = [await submissionOf(60, 'twice@gone.example'), await submissionOf(61, 'twice2@gone.example')];
    const recordsBefore = (await retentionRecords()).length;

    const runId = await runNextRetention();

    expect(await app.db('submissions').whereIn('id', old)).toHaveLength(0);
    // One attempt by one worker, one record; no other run was due.
    const attempts = await app.db('job_attempts').where({ job_id: runId });
    expect(attempts).toHaveLength(1);
    expect(attempts[0].outcome).toBe('succeeded');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const records = await retentionRecords();
    expect(records).toHaveLength(recordsBefore + 1);
    expect(records.at(-1).summary).toMatchObject({ deleted: 2 });
    expect(await app.db('jobs').where({ kind: 'retention', status: 'queued' })).toHaveLength(1);
    const { kept, counted } = await aggregatesAndRows(app.db);
    expect(kept).toEqual(counted);
  });

  it('keeps its next run across a restart, and runs it once after', async () => {
    const [queued] = await app.db('jobs').where({ kind: 'retention', status: 'queued' });
    await app.server.stop();
    app.server = await createServer({
      config: app.config,
      db: app.db,
      logger: createLogger('silent'),
      jobs: FAST_JOBS,
    });
    const after = await app.db('jobs').where({ kind: 'retention', status: 'queued' });
    expect(after.map((job) => job.id)).toEqual([queued.id]);
    const old = await submissionOf(45, 'restart@gone.example');
    const runId = await runNextRetention();
    expect(runId).toBe(Number(queued.id));
    expect(await app.db('submissions').where({ id: old })).toHaveLength(0);
  });

  it('applies a shortened period at the restart that brings it, not at the next midnight', async () => {
    // Today's runs so far kept 30 days; 10 days are now too many.
    const old = await submissionOf(10, 'shortened@gone.example');
    const kept = await submissionOf(3, 'shortened@kept.example');
    const restartWith = async (days: number) => {
      await app.server.stop();
      app.server = await createServer({
        config: { ...app.config, submissionRetentionDays: days },
        db: app.db,
        logger: createLogger('silent'),
        jobs: FAST_JOBS,
      });
    };

    await restartWith(7);
    const [catchUp] = await app.db('jobs').where({ unique_key: `retention:${today()}:7d` });
    expect(catchUp).toBeDefined();
    await eventually(
      async () => (await app.db('jobs').where({ id: catchUp.id }).first()).status === 'succeeded',
      {
        what: 'the run with the shortened period',
      },
    );
    expect(await app.db('submissions').where({ id: old })).toHaveLength(0);
    expect(await app.db('submissions').where({ id: kept })).toHaveLength(1);
    // The earlier tests' 29-day-old submission goes too.
    expect((await retentionRecords()).at(-1).summary).toMatchObject({ deleted: 2, retentionDays: 7 });
    // Still one run queued for the next day, not one per run today.
    expect(await app.db('jobs').where({ kind: 'retention', status: 'queued' })).toHaveLength(1);

    // Today's runs have applied 7 days now: the same setting, or a longer one, adds no run.
    const jobsBefore = (await retentionJobs()).length;
    await restartWith(7);
    await restartWith(30);
    expect(await retentionJobs()).toHaveLength(jobsBefore);
  });
});

describe.each(testDatabaseKinds)('without a retention period on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { jobs: FAST_JOBS });
  });
  afterAll(() => app?.close());

  it('keeps every submission; the daily run (for saved drafts) records no submission retention', async () => {
    const id = await submitAs(app);
    await backdate(app, id, daysAgo(4000));
    // The run is queued all the same: saved drafts have a period of their own.
    await eventually(
      async () =>
        (
          await app
            .db('jobs')
            .where({ unique_key: `retention:${today()}` })
            .first()
        )?.status === 'succeeded',
      { what: "today's run" },
    );
    expect(await app.db('submissions').where({ id })).toHaveLength(1);
    expect(await app.db('audit_events').where({ action: 'submission.retention' })).toHaveLength(0);
  });

  it('applies a period set after today’s run at the restart that brings it', async () => {
    const id = await submitAs(app);
    await backdate(app, id, daysAgo(400));
    // Today's run, queued the day before by an instance that had a period, ran here without one.
    await scheduleRetention(app.db);
    await eventually(
      async () =>
        (
          await app
            .db('jobs')
            .where({ unique_key: `retention:${today()}` })
            .first()
        )?.status === 'succeeded',
      {
        what: "today's run",
      },
    );
    expect(await app.db('submissions').where({ id })).toHaveLength(1);

    await app.server.stop();
    app.server = await createServer({
      config: { ...app.config, submissionRetentionDays: 365 },
      db: app.db,
      logger: createLogger('silent'),
      jobs: FAST_JOBS,
    });
    await eventually(async () => (await app.db('submissions').where({ id })).length === 0, {
      what: 'the run with the period',
    });
    const runs = await app.db('jobs').where({ kind: 'retention' }).orderBy('id').pluck('unique_key');
    // Beside the next day's run, queued by today's.
    expect(runs.filter((key: string) => key.startsWith(`retention:${today()}`))).toEqual([
      `retention:${today()}`,
      `retention:${today()}:365d`,
    ]);
  });
});
