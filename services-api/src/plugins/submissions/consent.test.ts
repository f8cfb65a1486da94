import {
  SubmissionWebhookPayload,
  type ConsentStatementAnswer,
  type ErrorBody,
  type PublicQuestion,
  type SubmissionDetail,
  type SubmissionList,
  type V1SubmissionDetail,
} from '@msp/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { person } from '../../test/fixtures.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes!').toString('base64')}`;
const FIRST = 'I agree that Northwind MSP may keep my answers and contact me about my results.';
// Starts like a formula: the exports must neutralise it like any other text cell.
const SECOND = '=I agree to be contacted.';

describe.each(testDatabaseKinds)('consent on submissions on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let receiver: WebhookReceiver;
  let keyHeaders: Record<string, string>;
  let answers: { questionId: number; answerId: number }[];

  const adminGet = async <T>(url: string) =>
    (await app.request<T & ErrorBody>({ url, headers: admin.headers })).body;
  const v1Get = async <T>(url: string) =>
    (await app.request<T & ErrorBody>({ url, headers: keyHeaders })).body;
  const setStatement = async (text: string) =>
    (
      await app.request<ConsentStatementAnswer>({
        method: 'PUT',
        url: '/api/admin/consent-statement',
        payload: { text },
        headers: admin.headers,
      })
    ).body.statement;
  const submit = (extra: Record<string, unknown>, demographics: Record<string, string> = person) =>
    app.request<ErrorBody & { submissionId: string }>({
      method: 'POST',
      url: '/api/assessment/submit',
      payload: { demographicData: demographics, answers, ...extra },
    });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://assess.example.com' },
      jobs: { pollIntervalMs: 100, retryDelaysMs: [300] },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    keyHeaders = bearer((await createTestApiKey(app, 'read')).token);
    const questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
    answers = questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id }));
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('asks nothing while no statement is set: a submission without consent is stored with none', async () => {
    const id = await submitAs(app, { company: 'No Consent Co' });
    const detail = await adminGet<SubmissionDetail>(`/api/admin/submissions/${id}`);
    expect(detail.submission.consent).toBeNull();
    expect(await app.db('submissions').where({ id }).first('consent_text', 'consented_at')).toEqual({
      consent_text: null,
      consented_at: null,
    });
  });

  it('refuses a submission without consent while a statement is set, naming the field, and stores nothing', async () => {
    const statement = await setStatement(FIRST);
    // What a refused submit could have written (earlier submissions' analyses may still be landing,
    // so whole rows would not compare).
    const written = async () =>
      JSON.stringify({
        ids: (await app.db('submissions').select('id').orderBy('id')).map((row) => row.id),
        scores: (await app.db('submission_pillar_scores').count({ n: '*' }))[0],
        monthly: await app.db('submission_stats_monthly').select('*').orderBy(['month', 'shard']),
      });
    const before = await written();
    const missing = await submit({});
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('consent');
    const unknown = await submit({ consent: { statementId: statement!.id + 1000 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('consent.statementId');
    for (const consent of [{ statementId: 'one' }, { statementId: 0 }, true, { statementId: 1, text: 'x' }]) {
      const bad = await submit({ consent });
      expect(bad.status, JSON.stringify(consent)).toBe(400);
      expect(bad.body.field, JSON.stringify(consent)).toMatch(/^consent/);
    }
    expect(await written()).toBe(before);
  });

  it('stores the text the visitor ticked and answers it in the detail, /api/v1, the list and the webhook', async () => {
    const statement = (await app.request<ConsentStatementAnswer>({ url: '/api/consent-statement' })).body
      .statement!;
    expect(statement.text).toBe(FIRST);
    const started = Date.now();
    const response = await submit(
      { consent: { statementId: statement.id } },
      { ...person, company: 'Consenting Co' },
    );
    expect(response.status).toBe(201);
    const id = response.body.submissionId;

    const detail = await adminGet<SubmissionDetail>(`/api/admin/submissions/${id}`);
    expect(detail.submission.consent?.text).toBe(FIRST);
    const consentedAt = Date.parse(detail.submission.consent!.consentedAt);
    expect(consentedAt).toBeGreaterThanOrEqual(started - 1000);
    expect((await v1Get<V1SubmissionDetail>(`/api/v1/submissions/${id}`)).submission.consent).toEqual(
      detail.submission.consent,
    );
    const listed = await v1Get<SubmissionList>('/api/v1/submissions/search?q=Consenting');
    expect(listed.submissions.find((s) => s.id === id)?.consent).toEqual(detail.submission.consent);

    const [request] = await eventually(
      () => {
        const found = receiver.received.filter((r) => JSON.parse(r.body).data.submissionId === id);
        return found.length === 1 && found;
      },
      { what: 'the webhook' },
    );
    const payload = SubmissionWebhookPayload.parse(
      new Webhook(SECRET).verify(request!.body, request!.headers as Record<string, string>),
    );
    expect(payload.data.consent).toEqual(detail.submission.consent);
  });

  it('keeps the text a visitor saw when the statement changed while they were answering', async () => {
    const seen = (await app.request<ConsentStatementAnswer>({ url: '/api/consent-statement' })).body
      .statement!;
    const replaced = await setStatement(SECOND);
    expect(replaced!.id).not.toBe(seen.id);

    const earlier = await submit({ consent: { statementId: seen.id } }, { ...person, company: 'Earlier Co' });
    expect(earlier.status).toBe(201);
    const later = await submit(
      { consent: { statementId: replaced!.id } },
      { ...person, company: 'Later Co' },
    );
    expect(later.status).toBe(201);
    const consentOf = async (id: string) =>
      (await adminGet<SubmissionDetail>(`/api/admin/submissions/${id}`)).submission.consent?.text;
    expect(await consentOf(earlier.body.submissionId)).toBe(FIRST);
    expect(await consentOf(later.body.submissionId)).toBe(SECOND);
    // Still required of anyone who ticked nothing.
    expect((await submit({})).body.field).toBe('consent');
  });

  it('exports the consent text and time as columns of the CSV and the XLSX, neutralised, straight and transposed', async () => {
    const domain = 'consent-export.example';
    const current = (await app.request<ConsentStatementAnswer>({ url: '/api/consent-statement' })).body
      .statement!;
    expect(
      (await submit({ consent: { statementId: current.id } }, { ...person, email_address: `a@${domain}` }))
        .status,
    ).toBe(201);
    await setStatement('');
    await submitAs(app, { email_address: `b@${domain}` });

    const download = (format: string, transpose = false) =>
      app.server.inject({
        url: `/api/admin/submissions/export/csv?domain=${domain}&format=${format}&transpose=${transpose}`,
        headers: admin.headers,
      });
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parse(csv.rawPayload, { bom: true }) as string[][];
    const text = header!.indexOf('Consent Statement');
    const at = header!.indexOf('Consented At (UTC)');
    expect(text).toBeGreaterThan(0);
    expect(at).toBe(text + 1);
    expect(rows.map((row) => row[text])).toEqual([`'${SECOND}`, '']);
    expect(rows[0]![at]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]![at]).toBe('');

    const transposed = parse((await download('csv', true)).rawPayload, { bom: true }) as string[][];
    const line = transposed.find((cells) => cells[0] === 'Consent Statement');
    expect(line?.slice(1)).toEqual([`'${SECOND}`, '']);

    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headerCells = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = headerCells.indexOf('Consent Statement') + 1;
    expect(column).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(column).value).toBe(`'${SECOND}`);
    expect(sheet.getRow(2).getCell(column + 1).value).toBeInstanceOf(Date);
    expect(sheet.getRow(3).getCell(column).value).toBeNull();
  });

  it('documents the consent of a submission in the OpenAPI document', async () => {
    const text = JSON.stringify(await adminGet<unknown>('/api/admin/openapi.json'));
    expect(text).toContain('The consent statement exactly as the submitter saw and ticked it');
  });
});
