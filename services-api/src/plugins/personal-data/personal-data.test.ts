import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type ErrorBody,
  PersonalDataExport,
  type PersonalDataDeleted,
  type PersonalDataMatches,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { aggregatesAndRows } from '../../test/stats-helpers.js';
import { submissionFingerprint, submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes!').toString('base64')}`;

describe.each(testDatabaseKinds)("one person's data on $name", (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let receiver: WebhookReceiver;
  /** Dana's two submissions, oldest first, and the others'. */
  let dana: string[];
  let others: string[];

  const auditOf = (action: string) => app.db('audit_events').where({ action }).orderBy('id');
  /** Every audit record as text, to look for an address in. */
  const auditText = async () => JSON.stringify(await app.db('audit_events').select('*'));
  const allJobsDone = async (ids: string[]) => {
    const jobs = await app.db('jobs').whereIn('submission_id', ids);
    return jobs.length > 0 && jobs.every((job) => job.status === 'succeeded');
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET },
      jobs: { pollIntervalMs: 100 },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    dana = [
      await submitAs(app, { email_address: 'dana@northwind-it.example' }, 1, {
        attribution: { source: 'newsletter', landingPath: '/' },
      }),
      await submitAs(app, { email_address: 'Dana@Northwind-IT.example', company: 'Northwind Group' }, 3),
    ];
    others = [
      await submitAs(app, { email_address: 'sam@northwind-it.example', first_name: 'Sam' }, 2),
      await submitAs(app, { email_address: 'dana@elsewhere.example', company: 'Elsewhere' }, 2),
    ];
    await eventually(() => allJobsDone([...dana, ...others]), { what: 'the follow-ups' });
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('finds every submission of an address, in any case, newest first', async () => {
    const { status, body } = await app.request<PersonalDataMatches>({
      url: '/api/admin/personal-data?email=%20DANA%40northwind-it.example',
      headers: admin.headers,
    });
    expect(status).toBe(200);
    expect(body.email).toBe('dana@northwind-it.example');
    expect(body.submissions.map((s) => s.id)).toEqual([dana[1], dana[0]]);
    expect(body.submissions[0]).toMatchObject({ name: 'Dana Reyes', company: 'Northwind Group' });
    const none = await app.request<PersonalDataMatches>({
      url: '/api/admin/personal-data?email=nobody%40northwind-it.example',
      headers: admin.headers,
    });
    expect(none.body).toMatchObject({ submissions: [], draft: null });
  });

  it('exports everything stored about the address as one JSON file, and nothing of anyone else', async () => {
    const response = await app.server.inject({
      url: '/api/admin/personal-data/export?email=dana%40northwind-it.example',
      headers: { ...admin.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-northwind-it\.example-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const document = PersonalDataExport.parse(JSON.parse(response.payload));
    expect(document.email).toBe('dana@northwind-it.example');
    expect(document.submissions.map((s) => s.submission.id)).toEqual(dana);
    for (const [index, entry] of document.submissions.entries()) {
      const stored = await app.db('submissions').where({ id: dana[index] }).first();
      expect(entry.submission.submittedAt).toBe(new Date(stored.submitted_at).toISOString());
      expect(entry.submission.demographicData).toEqual(stored.demographic_data);
      expect(entry.answers).toHaveLength(stored.answers.length);
      expect(entry.submission.scores.pillarScores.length).toBeGreaterThan(0);
      expect(entry.analysis?.summary).toBeTruthy();
      expect(entry.emailDeliveries).toHaveLength(1);
      expect(entry.emailDeliveries[0]!.attempts.length).toBeGreaterThan(0);
      expect(entry.webhookDeliveries[0]).toMatchObject({ status: 'delivered' });
    }
    expect(document.submissions[0]!.submission.attribution).toMatchObject({ source: 'newsletter' });
    expect(response.payload).not.toContain('sam@northwind-it.example');
    expect(response.payload).not.toContain('elsewhere.example');
    for (const id of others) expect(response.payload).not.toContain(id);

    const [record] = await auditOf('personal_data.export');
    expect(record).toMatchObject({ actor_kind: 'user', actor_id: admin.user.id, target_type: 'submission' });
    expect(record.summary).toEqual({ emailDomain: 'northwind-it.example', submissions: 2 });
    expect(await auditText()).not.toMatch(/dana@/i);
  });

  it('refuses an export another site starts', async () => {
    const response = await app.server.inject({
      url: '/api/admin/personal-data/export?email=dana%40northwind-it.example',
      headers: { ...admin.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  const badInputs: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
    { method: 'GET', url: '/api/admin/personal-data?email=not-an-address' },
    { method: 'GET', url: '/api/admin/personal-data/export?email=not-an-address' },
    { method: 'GET', url: '/api/admin/personal-data/export' },
    { method: 'POST', url: '/api/admin/personal-data/delete', payload: { email: 'dana@' } },
    { method: 'POST', url: '/api/admin/personal-data/delete', payload: {} },
    {
      method: 'POST',
      url: '/api/admin/personal-data/delete',
      payload: { email: 'dana@northwind-it.example', extra: 1 },
    },
  ];
  it.each(badInputs)(
    'answers $method $url with bad input 400 naming the field, writing nothing',
    async ({ method, url, payload }) => {
      const before = [await submissionFingerprint(app), await auditText()];
      const response = await app.request<ErrorBody>({ method, url, headers: admin.headers, payload });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/email|extra/);
      expect([await submissionFingerprint(app), await auditText()]).toEqual(before);
    },
  );

  it('refuses a delete without the CSRF token, deleting nothing', async () => {
    const { 'x-csrf-token': _token, ...withoutToken } = admin.headers;
    const before = await submissionFingerprint(app);
    const response = await app.request({
      method: 'POST',
      url: '/api/admin/personal-data/delete',
      headers: withoutToken,
      payload: { email: 'dana@northwind-it.example' },
    });
    expect(response.status).toBe(403);
    expect(await submissionFingerprint(app)).toBe(before);
  });

  it('deletes every submission of the address at once, with all that hangs off them, and records it', async () => {
    const danaJobs = await app.db('jobs').whereIn('submission_id', dana).pluck('id');
    expect(await app.db('job_attempts').whereIn('job_id', danaJobs)).not.toHaveLength(0);
    const othersBefore = await app.db('jobs').whereIn('submission_id', others).count({ n: '*' });
    // Without SMTP the results emails were written to the outbox: Dana's must go with her data.
    const outbox = path.join(app.config.dataDir, 'outbox');
    const emailsOf = async (ids: string[]) =>
      (await readdir(outbox)).filter((name) => ids.some((id) => name.endsWith(`-results-${id}.eml`)));
    expect(await emailsOf(dana)).toHaveLength(2);
    const othersEmails = await emailsOf(others);
    expect(othersEmails).toHaveLength(2);

    const { status, body } = await app.request<PersonalDataDeleted>({
      method: 'POST',
      url: '/api/admin/personal-data/delete',
      headers: admin.headers,
      payload: { email: ' DANA@northwind-it.example' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ deleted: 2 });

    expect(await app.db('submissions').whereIn('id', dana)).toHaveLength(0);
    expect(await app.db('submission_pillar_scores').whereIn('submission_id', dana)).toHaveLength(0);
    expect(await app.db('jobs').whereIn('id', danaJobs)).toHaveLength(0);
    expect(await app.db('job_attempts').whereIn('job_id', danaJobs)).toHaveLength(0);
    expect((await app.db('submissions').whereIn('id', others).pluck('id')).sort()).toEqual(
      [...others].sort(),
    );
    expect(await app.db('jobs').whereIn('submission_id', others).count({ n: '*' })).toEqual(othersBefore);
    const { kept, counted } = await aggregatesAndRows(app.db);
    expect(kept).toEqual(counted);
    expect(await emailsOf(dana)).toEqual([]);
    expect(await emailsOf(others)).toEqual(othersEmails);

    const [record] = await auditOf('personal_data.delete');
    expect(record).toMatchObject({ actor_kind: 'user', actor_id: admin.user.id, target_type: 'submission' });
    expect(record.summary).toEqual({
      emailDomain: 'northwind-it.example',
      deleted: 2,
      submissionIds: expect.arrayContaining(dana),
    });
    expect(await auditText()).not.toMatch(/dana@/i);

    // Asked again, there is nothing left; the request is recorded all the same.
    const again = await app.request<PersonalDataDeleted>({
      method: 'POST',
      url: '/api/admin/personal-data/delete',
      headers: admin.headers,
      payload: { email: 'dana@northwind-it.example' },
    });
    expect(again.body).toEqual({ deleted: 0 });
    expect(await auditOf('personal_data.delete')).toHaveLength(2);
  });
});

describe.each(testDatabaseKinds)("one person's data through /api/v1 on $name", (kind) => {
  let app: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // No follow-ups run: a refused call is proven by the stored rows holding still.
    app = await startTestApp(kind, { jobs: { run: false } });
    for (const permission of ['read', 'user_manage', 'admin'] as const)
      tokens[permission] = (await createTestApiKey(app, permission)).token;
  });
  afterAll(() => app?.close());

  it('exports with a read key, and records it under the key', async () => {
    const id = await submitAs(app, { email_address: 'robin@hale-it.example' });
    const { status, body } = await app.request<PersonalDataExport>({
      url: '/api/v1/personal-data?email=Robin%40hale-it.example',
      headers: bearer(tokens.read!),
    });
    expect(status).toBe(200);
    expect(body.submissions.map((s) => s.submission.id)).toEqual([id]);
    const record = await app.db('audit_events').where({ action: 'personal_data.export' }).first();
    expect(record).toMatchObject({ actor_kind: 'api_key' });
    expect(record.summary).toEqual({ emailDomain: 'hale-it.example', submissions: 1 });
  });

  it('deletes only with an admin key; a read or user_manage key is refused and nothing changes', async () => {
    const id = await submitAs(app, { email_address: 'lee@hale-it.example' });
    for (const permission of ['read', 'user_manage'] as const) {
      const before = await submissionFingerprint(app);
      const refused = await app.request<ErrorBody>({
        method: 'POST',
        url: '/api/v1/personal-data/delete',
        headers: bearer(tokens[permission]!),
        payload: { email: 'lee@hale-it.example' },
      });
      expect(refused.status).toBe(403);
      expect(await submissionFingerprint(app)).toBe(before);
    }
    const bad = await app.request<ErrorBody>({
      method: 'POST',
      url: '/api/v1/personal-data/delete',
      headers: bearer(tokens.admin!),
      payload: { email: 'lee' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email/);
    const deleted = await app.request<PersonalDataDeleted>({
      method: 'POST',
      url: '/api/v1/personal-data/delete',
      headers: bearer(tokens.admin!),
      payload: { email: 'lee@hale-it.example' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: 1 });
    expect(await app.db('submissions').where({ id })).toHaveLength(0);
    const record = await app.db('audit_events').where({ action: 'personal_data.delete' }).first();
    expect(record).toMatchObject({ actor_kind: 'api_key' });
    const { kept, counted } = await aggregatesAndRows(app.db);
    expect(kept).toEqual(counted);
  });
});
