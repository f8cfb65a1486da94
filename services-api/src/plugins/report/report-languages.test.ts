import type { StoredAnalysis } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltinAnalyst, OpenAIAnalyst, withFallback } from '../../analysis/index.js';
import { createLogger } from '../../logger.js';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { startOpenAIServer, TEST_MODEL_ANSWER, type TestOpenAIServer } from '../../test/openai-server.js';
import { readPdf } from '../../test/pdf-text.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

const reportOf = async (app: TestApp, id: string) =>
  readPdf((await app.server.inject({ url: `/api/assessment/results/${id}/report.pdf` })).rawPayload);

describe.each(testDatabaseKinds)('PDF report by a model and in Arabic on $name', (kind) => {
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
          timeoutMs: 5000,
        }),
        new BuiltinAnalyst(),
        createLogger('silent'),
      ),
      jobs: { pollIntervalMs: 100, retryDelaysMs: [200] },
    });
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  it("says the model wrote the analysis, and holds the model's summary and recommendations", async () => {
    model.setMode('succeed');
    const id = await submitAs(app, {}, 2);
    await eventually(async () => {
      const row = await app.db('submissions').where({ id }).first();
      return (row.ai_analysis as StoredAnalysis | null)?.source === 'openai:test-model';
    });
    const pdf = await reportOf(app, id);
    expect(pdf.text).toContain('Written by the AI model test-model');
    for (const rec of TEST_MODEL_ANSWER.recommendations) expect(pdf.text).toContain(rec.title);
    expect(pdf.text).not.toContain('Written by the built-in analyst');
  });

  it('renders an Arabic submission right to left, its Arabic text extractable letter for letter', async () => {
    const admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      app.server.inject({ method, url, payload, headers: admin });
    expect((await call('POST', '/api/admin/languages', { tag: 'ar' })).statusCode).toBeLessThan(300);
    const translations = {
      'ui.report.title': 'تقرير نضج الأتمتة',
      'ui.report.pillars.heading': 'الركائز واحدة تلو الأخرى',
      'pillar.processes.name': 'العمليات',
    };
    for (const [unit, text] of Object.entries(translations)) {
      expect((await call('PUT', `/api/admin/translations/ar/${unit}`, { text })).statusCode).toBe(200);
    }
    model.setMode('succeed');
    const id = await submitAs(app, { company: 'شركة نورثويند' }, 1, { language: 'ar' });
    const response = await app.server.inject({ url: `/api/assessment/results/${id}/report.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="msp-automation-report-\d{4}-\d{2}-\d{2}\.pdf"; filename\*=UTF-8''msp-automation-report-%D8%B4%D8%B1%D9%83%D8%A9-/,
    );
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.info.Language).toBe('ar');
    // pdf.js gives each right-to-left run in reading order; the runs of a line in drawing order.
    for (const word of ['تقرير', 'نضج', 'الأتمتة', 'الركائز', 'العمليات', 'نورثويند'])
      expect(pdf.text).toContain(word);
  });
});
