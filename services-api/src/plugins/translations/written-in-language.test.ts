import type { ResultsResponse, StoredAnalysis, SubmissionDetail } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltinAnalyst, OpenAIAnalyst, withFallback } from '../../analysis/index.js';
import { createLogger } from '../../logger.js';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { startOpenAIServer, type TestOpenAIServer } from '../../test/openai-server.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

const PUBLIC_URL = 'https://assess.example.com';
const FAST_JOBS = { pollIntervalMs: 100, retryDelaysMs: [200] };

describe.each(testDatabaseKinds)('what the server writes, in the submission’s language, on $name', (kind) => {
  let smtp: TestSmtpServer;
  let app: TestApp;
  const stored = async (id: string): Promise<StoredAnalysis | null> =>
    (await app.db('submissions').where({ id }).first()).ai_analysis;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(kind, {
      env: { PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'Assessments <hello@assess.example.com>' },
      jobs: FAST_JOBS,
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('mails the results in German to a visitor who took it in German, linking the German page', async () => {
    smtp.reset();
    const id = await submitAs(app, { email_address: 'anna@beispiel.example' }, 2, { language: 'de' });
    const [mail] = await smtp.waitForMessages(1);
    const { parsed } = mail!;
    expect(parsed.subject).toMatch(/Ergebnisse/);
    expect(parsed.html).toContain('<html lang="de">');
    expect(parsed.html).toMatch(/Stufe \d: (Keine|Erste|Fortgeschritten|Ausgereift)/);
    expect(parsed.html).not.toMatch(/Level \d: (None|Some|Advanced|Mature)/);
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/results/${id}?lang=de"`);
    expect(parsed.text).toMatch(/Stufe \d/);
  });

  it('mails an English visitor as before', async () => {
    smtp.reset();
    const id = await submitAs(app, { email_address: 'pat@example.com' }, 2);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.parsed.subject).toMatch(/results/);
    expect(mail!.parsed.html).toContain(`href="${PUBLIC_URL}/results/${id}"`);
    expect(mail!.parsed.html).toMatch(/Level \d: (None|Some|Advanced|Mature)/);
  });

  it('writes the built-in analysis in German, with German pillar and level names', async () => {
    const id = await submitAs(app, { company: 'Beispiel GmbH' }, (index) => index % 4, { language: 'de' });
    const results = (await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` })).body;
    expect(results.analysis.summary).toMatch(/^Beispiel GmbH steht insgesamt auf Stufe \d: /);
    expect(results.analysis.recommendations[0]!.title).toMatch(/ auf Stufe \d: \S+ (anheben|halten)$/);
    expect((await stored(id))!.language).toBe('de');
    // The matrix texts the advice quotes are the German ones.
    expect(results.analysis.recommendations.map((r) => r.description).join(' ')).not.toMatch(/ the /);
  });

  it('falls back to the default language’s analyst texts for a language without them, and tells the admin', async () => {
    await app.db('languages').insert({ tag: 'fr', is_default: false });
    app.server.app.ctx.cache.invalidate();
    try {
      const id = await submitAs(app, {}, 1, { language: 'fr' });
      expect((await app.db('submissions').where({ id }).first()).language).toBe('fr');
      const results = (await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` })).body;
      expect(results.analysis.summary).toMatch(/overall/);
      const admin = await signedInAs(
        app,
        await createTestUser(app.db, { role: 'admin', status: 'approved' }),
      );
      const detail = await app.request<SubmissionDetail>({
        url: `/api/admin/submissions/${id}`,
        headers: admin.headers,
      });
      expect(detail.body.analysis!.language).toBe('en');
    } finally {
      await app.db('languages').where({ tag: 'fr' }).delete();
      app.server.app.ctx.cache.invalidate();
    }
  });
});

describe.each(testDatabaseKinds)('the model’s analysis in the submission’s language on $name', (kind) => {
  let model: TestOpenAIServer;
  let app: TestApp;
  beforeAll(async () => {
    model = await startOpenAIServer();
    app = await startTestApp(kind, {
      analyst: withFallback(
        new OpenAIAnalyst({
          apiKey: 'sk-test',
          baseUrl: model.baseUrl,
          model: 'test-model',
          timeoutMs: 1500,
        }),
        new BuiltinAnalyst(),
        createLogger('silent'),
      ),
      jobs: FAST_JOBS,
    });
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  it('asks the model to write in German, with the German level, pillar and matrix texts', async () => {
    model.requests.length = 0;
    const id = await submitAs(app, {}, 1, { language: 'de' });
    const analysis = await eventually(async () => {
      const row = await app.db('submissions').where({ id }).first();
      return row.ai_analysis as StoredAnalysis | null;
    });
    expect(analysis).toMatchObject({ source: 'openai:test-model', language: 'de' });
    const prompt = JSON.stringify(model.requests.at(-1)!.body);
    expect(prompt).toContain('write the summary and the recommendations in German (de)');
    expect(prompt).toContain('Stufe 1: Erste');
    expect(prompt).toContain('Prozesse');
  });
});
