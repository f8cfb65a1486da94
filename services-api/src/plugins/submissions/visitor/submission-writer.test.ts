import type { PublicQuestion, SubmitRequest } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { followUpJobs } from '../follow-ups/index.js';
import { SubmissionWriter } from './submission-writer.js';
import {
  prepareSubmission,
  storeSubmissions,
  type PreparedSubmission,
  type SubmissionContent,
} from './submit-service.js';
import { publicContent } from '../../content/public-content.js';

describe.each(testDatabaseKinds)('group commit of submissions on %s', (kind) => {
  let app: TestApp;
  let content: SubmissionContent;
  let request: SubmitRequest;

  beforeAll(async () => {
    app = await startTestApp(kind, { jobs: { run: false } });
    const reads = publicContent(app.db, app.server.app.ctx.cache);
    const [pillars, questions, demographicFields] = await Promise.all([
      reads.pillars(),
      reads.scorableQuestions(),
      reads.demographicFields(),
    ]);
    content = { pillars, questions, demographicFields };
    const publicQuestions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
    request = {
      demographicData: { ...person },
      answers: publicQuestions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id })),
    };
  });
  afterAll(() => app.close());

  const prepare = (): PreparedSubmission =>
    prepareSubmission(content, request, '203.0.113.9', (id) => followUpJobs(app.config)(id, null));

  /** Counts the statements that insert submissions while `run` runs. */
  async function countingInserts<T>(run: () => Promise<T>): Promise<{ result: T; inserts: number }> {
    let inserts = 0;
    const listener = (query: { sql: string }) => {
      if (/insert into "submissions"/i.test(query.sql)) inserts += 1;
    };
    app.db.on('query', listener);
    try {
      return { result: await run(), inserts };
    } finally {
      app.db.off('query', listener);
    }
  }

  async function storedCounts(ids: string[]) {
    const count = async (table: string, column: string) =>
      Number((await app.db(table).whereIn(column, ids).count<{ c: string }[]>({ c: '*' }))[0]!.c);
    return {
      submissions: await count('submissions', 'id'),
      pillarScores: await count('submission_pillar_scores', 'submission_id'),
      jobs: await count('jobs', 'submission_id'),
    };
  }

  it('writes submissions that arrive while a statement runs together, each with its scores and jobs', async () => {
    const writer = new SubmissionWriter(app.db, { maxInFlight: 1 });
    const prepared = Array.from({ length: 20 }, prepare);
    const { inserts } = await countingInserts(() => Promise.all(prepared.map((p) => writer.write(p))));
    // The first goes alone at once; the other nineteen queue behind it and go in one statement.
    expect(inserts).toBe(2);
    const ids = prepared.map((p) => p.submissionId);
    expect(await storedCounts(ids)).toEqual({
      submissions: 20,
      pillarScores: 20 * content.pillars.length,
      jobs: 20 * followUpJobs(app.config)('x', null).length,
    });
  });

  it('writes one at a time when there is no queue', async () => {
    const writer = new SubmissionWriter(app.db, { maxInFlight: 1 });
    const { inserts } = await countingInserts(async () => {
      for (let i = 0; i < 3; i += 1) await writer.write(prepare());
    });
    expect(inserts).toBe(3);
  });

  it('fails only the submission at fault when a batch is refused for its data', async () => {
    const writer = new SubmissionWriter(app.db, { maxInFlight: 1 });
    const first = prepare();
    await writer.write(first);
    // The same id again: a unique violation that blames one row of the batch.
    const duplicate = { ...prepare(), submissionId: first.submissionId };
    duplicate.submission = { ...duplicate.submission, id: first.submissionId };
    const blocker = prepare();
    const good = Array.from({ length: 4 }, prepare);
    const outcomes = await Promise.allSettled([
      writer.write(blocker),
      writer.write(good[0]!),
      writer.write(duplicate),
      ...good.slice(1).map((p) => writer.write(p)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect((await storedCounts([blocker, ...good].map((p) => p.submissionId))).submissions).toBe(5);
  });

  // Seen in the submit bench: two statements on one aggregate shard took the same rows in opposite
  // orders, PostgreSQL stalled both for its one-second deadlock timeout and failed one with a 500.
  // Batches of mixed sizes and groups, several at once, as group commit makes them under load.
  it('stores concurrent batches of every shape without a deadlock', async () => {
    const groups = ['1-10', '11-25', '26-50', '51-100'];
    const shaped = (n: number): PreparedSubmission => {
      const p = prepare();
      const employeeCount = groups[n % groups.length]!;
      const managedCompanies = groups[(n >> 2) % groups.length]!;
      p.submission = {
        ...p.submission,
        email_domain: `d${n % 7}.example`,
        employee_count: employeeCount,
        managed_companies: managedCompanies,
        overall_level: 1 + (n % 3),
      };
      p.pillarScores = p.pillarScores.map((score) => ({
        ...score,
        employee_count: employeeCount,
        managed_companies: managedCompanies,
      }));
      return p;
    };
    let next = 0;
    const ids: string[] = [];
    const writerLoop = async (seed: number) => {
      for (let round = 0; round < 15; round += 1) {
        // From 1 to 40 submissions, in an order of their own: the grouping's plan and the order
        // it yields rows in differ from one statement to the next.
        const size = 1 + ((seed * 7 + round * 13) % 40);
        const batch = Array.from({ length: size }, () => shaped((next += 1) * (seed + 3)));
        ids.push(...batch.map((p) => p.submissionId));
        await storeSubmissions(app.db, batch);
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, seed) => writerLoop(seed)));
    expect((await storedCounts(ids)).submissions).toBe(ids.length);
  });
});
