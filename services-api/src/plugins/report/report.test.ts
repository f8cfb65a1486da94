import type { ResultsResponse, V1SubmissionDetail } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';
import { readPdf } from '../../test/pdf-text.js';

const reportUrl = (id: string, query = '') => `/api/assessment/results/${id}/report.pdf${query}`;

describe.each(testDatabaseKinds)('PDF report on $name', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(kind, {
      env: {
        PUBLIC_URL: 'https://assess.example.com',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'hello@assess.example.com',
      },
      jobs: { pollIntervalMs: 100, retryDelaysMs: [200] },
    });
    admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('holds the levels and scores the results route and /api/v1 give, with the comparison withheld', async () => {
    const id = await submitAs(
      app,
      { company: 'Alone & Co', employee_count: '1-5', managed_companies: '1-10' },
      (i) => i % 4,
    );
    const response = await app.server.inject({ url: reportUrl(id, '?paper=a4') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toContain('no-store');
    const day = (await app.db('submissions').where({ id }).first()).submitted_at.toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="msp-automation-report-alone-co-${day}.pdf"; filename*=UTF-8''msp-automation-report-Alone-%26-Co-${day}.pdf`,
    );
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.info.Title).toBe(`${app.config.productName}: report for Alone & Co`);
    expect(pdf.info.Author).toBeTruthy();
    expect(pdf.info.Language).toBe('en');

    const results = (await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` })).body;
    const key = await createTestApiKey(app, 'read');
    const v1 = (
      await app.request<V1SubmissionDetail>({ url: `/api/v1/submissions/${id}`, headers: bearer(key.token) })
    ).body;
    const levelName = ['None', 'Some', 'Advanced', 'Mature'];
    expect(pdf.pages[0]).toContain(`Level ${results.overallLevel}: ${levelName[results.overallLevel]}`);
    expect(v1.submission.scores.overallLevel).toBe(results.overallLevel);
    for (const pillar of v1.submission.scores.pillarScores) {
      const fromResults = results.pillarScores.find((p) => p.pillarKey === pillar.pillarKey)!;
      expect(fromResults.score).toBe(pillar.level);
      // The table row: name, level, level name, the one-decimal percentage /api/v1 gives.
      expect(pdf.pages[1]).toContain(
        `${pillar.pillarName} ${pillar.level} ${levelName[pillar.level]} ${pillar.percentage.toFixed(1)}%`,
      );
      expect(pillar.percentage).toBe(Math.round(fromResults.normalizedScore * 1000) / 10);
    }
    expect(pdf.text).toContain(results.analysis.recommendations[0]!.title);
    expect(pdf.text).toContain('Written by the built-in analyst');
    expect(pdf.text).toContain('The comparison appears once three similar MSPs have taken the assessment');
    expect(pdf.text).toContain(`Page 1 of ${pdf.pages.length}`);
    expect(pdf.text).toContain(`Reference ${id}`);
  });

  it('shows the peer figures once three similar MSPs have answered, and the admin and key routes answer the same', async () => {
    const peer = { company: 'Peer', employee_count: '26-50', managed_companies: '51-100' };
    for (const maturity of [0, 1, 2]) await submitAs(app, peer, maturity);
    const id = await submitAs(app, { ...peer, company: 'Compared Ltd' }, 3);
    const pdf = await readPdf((await app.server.inject({ url: reportUrl(id) })).rawPayload);
    expect(pdf.text).toContain('Compared to 3 other MSPs');
    expect(pdf.text).not.toContain('The comparison appears once');

    const fromAdmin = await app.server.inject({
      url: `/api/admin/submissions/${id}/report.pdf`,
      headers: admin,
    });
    expect(fromAdmin.statusCode).toBe(200);
    expect((await readPdf(fromAdmin.rawPayload)).text).toContain('Compared to 3 other MSPs');
    const audit = await app.db('audit_events').where({ action: 'submission.export_one', target_id: id });
    expect(audit).toHaveLength(1);

    const read = await createTestApiKey(app, 'read');
    const viaKey = await app.server.inject({
      url: `/api/v1/submissions/${id}/report.pdf?paper=letter`,
      headers: bearer(read.token),
    });
    expect(viaKey.statusCode).toBe(200);
    expect(viaKey.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await app.server.inject({ url: `/api/v1/submissions/${id}/report.pdf` })).statusCode).toBe(401);
    expect((await app.server.inject({ url: `/api/admin/submissions/${id}/report.pdf` })).statusCode).toBe(
      401,
    );
  });

  it("is written in the submission's language: German headings for a German submission", async () => {
    const id = await submitAs(app, { company: 'Müller GmbH' }, 1, { language: 'de' });
    const response = await app.server.inject({ url: reportUrl(id) });
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.info.Language).toBe('de');
    expect(pdf.text).toContain('Bericht zur Automatisierungsreife');
    expect(pdf.text).toContain('Säule für Säule');
    expect(response.headers['content-disposition']).toContain('filename="msp-automation-report-muller-gmbh-');
  });

  it('chooses Letter for a US reader, A4 otherwise, and refuses a paper or language it does not know', async () => {
    const id = await submitAs(app, {}, 2);
    const pageWidth = async (headers: Record<string, string>, query = '') => {
      const pdf = (await app.server.inject({ url: reportUrl(id, query), headers })).rawPayload.toString(
        'latin1',
      );
      return /\/MediaBox \[0 0 ([\d.]+)/.exec(pdf)?.[1];
    };
    expect(await pageWidth({ 'accept-language': 'en-US,en;q=0.8' })).toBe('612');
    expect(await pageWidth({ 'accept-language': 'de-DE' })).toBe('595.28');
    expect(await pageWidth({ 'accept-language': 'en-US' }, '?paper=a4')).toBe('595.28');
    const bad = await app.request<{ field: string }>({ url: reportUrl(id, '?paper=a3') });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('query.paper');
    const badLang = await app.request<{ field: string }>({ url: reportUrl(id, '?lang=not a tag!') });
    expect(badLang.status).toBe(400);
    expect(badLang.body.field).toBe('query.lang');
    const key = await createTestApiKey(app, 'read');
    const v1Bad = await app.request<{ field: string }>({
      url: `/api/v1/submissions/${id}/report.pdf?paper=legal`,
      headers: bearer(key.token),
    });
    expect(v1Bad.status).toBe(400);
    expect(v1Bad.body.field).toBe('query.paper');
  });

  it('answers 404 on all three routes once the submission is deleted, and for an unknown one', async () => {
    const id = await submitAs(app, {}, 2);
    const key = await createTestApiKey(app, 'read');
    expect((await app.server.inject({ url: reportUrl(id) })).statusCode).toBe(200);
    const kept = app.server.app.ctx!.reports;
    expect(kept.holds(id)).toBe(true);
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: `/api/admin/submissions/${id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.server.inject({ url: reportUrl(id) })).statusCode).toBe(404);
    expect(
      (await app.server.inject({ url: `/api/admin/submissions/${id}/report.pdf`, headers: admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.server.inject({ url: `/api/v1/submissions/${id}/report.pdf`, headers: bearer(key.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.server.inject({ url: reportUrl('3f1c2a9e-7b4d-4c1a-9e2f-5d6b7a8c9d0e') })).statusCode,
    ).toBe(404);
    expect(kept.holds(id)).toBe(false);
  });

  it('attaches the report to the results email, a PDF whose text holds the level', async () => {
    smtp.reset();
    const id = await submitAs(app, { email_address: 'report@northwind-it.example' }, 2);
    const mail = await smtp.waitForMessageTo('report@northwind-it.example');
    const attachment = mail.parsed.attachments.find((a) => a.contentType === 'application/pdf');
    expect(attachment?.filename).toMatch(/^msp-automation-report-northwind-it-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await readPdf(attachment!.content);
    const results = (await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` })).body;
    expect(pdf.pages[0]).toContain(`Level ${results.overallLevel}:`);
    await eventually(
      async () =>
        (await app.db('jobs').where({ submission_id: id, kind: 'email' }).first()).status === 'succeeded',
    );
  });

  it('links the report instead when the settings say so', async () => {
    const saved = await app.server.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { reportInEmail: 'link' },
    });
    expect(saved.statusCode).toBe(200);
    smtp.reset();
    const id = await submitAs(app, { email_address: 'link@northwind-it.example' }, 2);
    const mail = await smtp.waitForMessageTo('link@northwind-it.example');
    expect(mail.parsed.attachments).toHaveLength(0);
    expect(mail.parsed.html).toContain(
      `href="https://assess.example.com/api/assessment/results/${id}/report.pdf?lang=en"`,
    );
    expect(mail.parsed.text).toContain('Download your report as a PDF');
  });
});
