import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResultsResponse, StoredAnalysis, SubmissionDetail } from '@msp/shared';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltinAnalyst, OpenAIAnalyst, withFallback } from '../../analysis/index.js';
import { createLogger } from '../../logger.js';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { person } from '../../test/fixtures.js';
import { startOpenAIServer, TEST_MODEL_ANSWER, type TestOpenAIServer } from '../../test/openai-server.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

const PUBLIC_URL = 'https://assess.example.com';
const FAST_JOBS = { pollIntervalMs: 100, retryDelaysMs: [200] };

const jobsOf = (app: TestApp, id: string, kind: string) =>
  app.db('jobs').where({ submission_id: id, kind }).orderBy('id');
const attemptsOf = (app: TestApp, jobId: number | string) =>
  app.db('job_attempts').where({ job_id: jobId }).orderBy('id');

describe.each(testDatabaseKinds)('results email on $name', (kind) => {
  let smtp: TestSmtpServer;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(kind, {
      env: {
        PUBLIC_URL,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Assessments <hello@assess.example.com>',
        LOG_LEVEL: 'info',
      },
      jobs: FAST_JOBS,
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('mails the visitor their results through SMTP, rendered and escaped, with a text part', async () => {
    smtp.reset();
    const id = await submitAs(app, { company: "O'Brien & <Sons>", email_address: 'pat@obrien.example' }, 2);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.envelope).toEqual({ mailFrom: 'hello@assess.example.com', rcptTo: ['pat@obrien.example'] });
    const { parsed } = mail!;
    expect(parsed.from?.value).toEqual([{ name: 'Assessments', address: 'hello@assess.example.com' }]);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.text).toBe('pat@obrien.example');
    expect(parsed.messageId).toBe(`<results-${id}@assess.example.com>`);
    expect(parsed.html).toContain('O&#39;Brien &amp; &lt;Sons&gt;');
    expect(parsed.html).not.toContain('<Sons>');
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/results/${id}"`);
    expect(parsed.text?.replace(/\s+/g, ' ')).toContain("assessment for O'Brien & <Sons>.");
    expect(parsed.text).toContain(`${PUBLIC_URL}/results/${id}`);
    expect(parsed.text).toMatch(/Level \d: (None|Some|Advanced|Mature)/);
    const [job] = await jobsOf(app, id, 'email');
    await eventually(async () => (await app.db('jobs').where({ id: job.id }).first()).status === 'succeeded');
  });

  it('retries when the mail server refuses for now, and records both attempts', async () => {
    smtp.reset();
    smtp.rejectNext(1, { code: 451, message: 'Try again later' });
    const id = await submitAs(app, { email_address: 'retry@obrien.example' }, 1);
    await smtp.waitForMessages(1);
    const [job] = await jobsOf(app, id, 'email');
    const attempts = await eventually(async () => {
      const rows = await attemptsOf(app, job.id);
      return rows.length === 2 && rows;
    });
    expect(attempts.map((a) => a.outcome)).toEqual(['retrying', 'succeeded']);
    expect(attempts[0]!.error).toMatch(/451/);
    expect(smtp.messages[0]!.envelope.rcptTo).toEqual(['retry@obrien.example']);
  });

  it('sends nothing without an active template, and the log says why', async () => {
    smtp.reset();
    app.logs();
    await app.db('email_templates').update({ is_active: false });
    try {
      const id = await submitAs(app, {}, 1);
      const [job] = await jobsOf(app, id, 'email');
      await eventually(
        async () => (await app.db('jobs').where({ id: job.id }).first()).status === 'succeeded',
      );
      expect(app.logs()).toContain('No results email sent: no email template is active');
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await app.db('email_templates').update({ is_active: true });
    }
  });
});

describe.each(testDatabaseKinds)('results email without SMTP on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { PUBLIC_URL }, jobs: FAST_JOBS });
  });
  afterAll(() => app?.close());

  it('writes each message as an .eml file in DATA_DIR/outbox', async () => {
    const id = await submitAs(app, { email_address: 'outbox@northwind-it.example' }, 3);
    const outbox = path.join(app.config.dataDir, 'outbox');
    const files = await eventually(async () => {
      const names = await readdir(outbox).catch(() => []);
      const eml = names.filter((name) => name.endsWith('.eml'));
      return eml.length === 1 && eml;
    });
    const parsed = await simpleParser(await readFile(path.join(outbox, files[0]!)));
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.text).toBe('outbox@northwind-it.example');
    expect(parsed.html).toContain(`${PUBLIC_URL}/results/${id}`);
    expect(parsed.text).toContain(`${PUBLIC_URL}/results/${id}`);
  });
});

describe.each(testDatabaseKinds)('analysis by a model on $name', (kind) => {
  let model: TestOpenAIServer;
  let app: TestApp;
  const logger = createLogger('silent');
  const results = async (id: string) =>
    (await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` })).body;
  const stored = async (id: string): Promise<StoredAnalysis | null> =>
    (await app.db('submissions').where({ id }).first()).ai_analysis;

  beforeAll(async () => {
    model = await startOpenAIServer();
    app = await startTestApp(kind, {
      // The analyst the server builds from OPENAI_*, with a short time limit for the hanging model.
      analyst: withFallback(
        new OpenAIAnalyst({
          apiKey: 'sk-test',
          baseUrl: model.baseUrl,
          model: 'test-model',
          timeoutMs: 1500,
        }),
        new BuiltinAnalyst(),
        logger,
      ),
      analysisWaitMs: 300,
      jobs: FAST_JOBS,
    });
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  it('is written by the model right after the submission, with no personal data sent', async () => {
    model.setMode('succeed');
    const before = model.requests.length;
    const id = await submitAs(app, {}, 2);
    const analysis = await eventually(() => stored(id));
    expect(analysis).toMatchObject({ ...TEST_MODEL_ANSWER, source: 'openai:test-model' });
    expect((await results(id)).analysis).toEqual(TEST_MODEL_ANSWER);
    const sent = JSON.stringify(model.requests.slice(before));
    for (const value of [person.first_name, person.last_name, person.email_address, person.company]) {
      expect(sent).not.toContain(value);
    }
  });

  it.each([
    ['fail', 'model answered 500'],
    ['invalid-json', 'model answer was not JSON'],
    ['wrong-shape', 'model answer did not match the schema'],
    ['hang', 'model timed out after 1.5 s'],
  ] as const)('falls back to the built-in analyst when the model answers %s', async (mode, reason) => {
    model.setMode(mode);
    const id = await submitAs(app, {}, 1);
    const analysis = await eventually(() => stored(id), { timeoutMs: 10_000 });
    expect(analysis).toMatchObject({ source: 'builtin', fallbackReason: reason });
    expect(analysis!.recommendations).toHaveLength(3);
    // The job is settled just after its analysis is written: wait for that, not for a fixed time.
    const job = await eventually(
      async () =>
        (await jobsOf(app, id, 'analysis')).find((j) => j.status === 'succeeded' || j.status === 'failed'),
      {
        what: 'the analysis job to settle',
      },
    );
    expect(job.status).toBe('succeeded');
  });

  it('lets a first view wait briefly, then write the built-in analysis once for all concurrent views', async () => {
    model.setMode('hang');
    const id = await submitAs(app, {}, 2);
    const views = await Promise.all(Array.from({ length: 4 }, () => results(id)));
    const written = new Set(views.map((v) => v.submission.aiAnalysis?.generatedAt));
    expect(written.size).toBe(1);
    expect(views[0]!.submission.aiAnalysis).toMatchObject({
      source: 'builtin',
      fallbackReason: 'the analysis job was not done when the results were first viewed',
    });
    // The job, when its model gives up, leaves the stored analysis alone.
    const [job] = await jobsOf(app, id, 'analysis');
    await eventually(
      async () => (await app.db('jobs').where({ id: job.id }).first()).status === 'succeeded',
      {
        timeoutMs: 10_000,
      },
    );
    expect((await stored(id))?.generatedAt).toBe(views[0]!.submission.aiAnalysis?.generatedAt);
  });

  it('shows the admin who wrote the analysis, and regenerates it through the model in a queued job', async () => {
    model.setMode('fail');
    const id = await submitAs(app, {}, 3);
    await eventually(async () => (await stored(id))?.source === 'builtin');
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const detail = async () =>
      (await app.request<SubmissionDetail>({ url: `/api/admin/submissions/${id}`, headers: admin.headers }))
        .body;
    const before = await detail();
    expect(before.analysis).toMatchObject({
      writtenBy: 'builtin',
      model: null,
      reason: 'model answered 500',
      summary: (await stored(id))!.summary,
    });
    expect(before.analysis!.recommendations).toHaveLength(3);
    expect(before.analysisPending).toBe(false);

    model.setMode('succeed');
    const jobsBefore = (await jobsOf(app, id, 'analysis')).length;
    const cleared = await app.request({
      method: 'POST',
      url: `/api/admin/submissions/${id}/clear-ai`,
      headers: admin.headers,
    });
    expect(cleared.status).toBe(200);
    // Queued through the outbox: one more analysis job for this submission.
    expect(await jobsOf(app, id, 'analysis')).toHaveLength(jobsBefore + 1);
    const analysis = await eventually(async () => {
      const now = await stored(id);
      return now?.source === 'openai:test-model' && now;
    });
    expect(analysis.summary).toBe(TEST_MODEL_ANSWER.summary);
    const after = await eventually(async () => {
      const now = await detail();
      return !now.analysisPending && now;
    });
    expect(after.analysis).toMatchObject({
      writtenBy: 'model',
      model: 'test-model',
      reason: null,
      summary: TEST_MODEL_ANSWER.summary,
    });
  });
});
