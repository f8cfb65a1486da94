import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type {
  ErrorBody,
  Integrations,
  SubmissionEmailPreview,
  TestEmailResult,
  TestWebhookResult,
} from '@msp/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startOidcServer, type TestOidcServer } from '../../test/oidc-server.js';
import { startOpenAIServer, type TestOpenAIServer } from '../../test/openai-server.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const WEBHOOK_SECRET = `whsec_${Buffer.from('integrations test secret, 32 bytes').toString('base64')}`;
const SMTP_PASSWORD = 'smtp-pa55word-never-shown';
const OPENAI_KEY = 'sk-integrations-key-never-shown';
const OIDC_SECRET = 'oidc-client-secret-never-shown';
const SESSION_SECRET = 'session-secret-that-is-long-enough-never-shown';
/** A token in the webhook URL's query, as some receivers take one: it is a secret too. */
const URL_TOKEN = 'url-token-never-shown';
const FAST_JOBS = { pollIntervalMs: 100, retryDelaysMs: [200] };

describe.each(testDatabaseKinds)('integrations on $name', (kind) => {
  describe('with every integration configured', () => {
    let app: TestApp;
    let admin: SignedIn;
    let smtp: TestSmtpServer;
    let receiver: WebhookReceiver;
    let model: TestOpenAIServer;
    let idp: TestOidcServer;

    const post = <T>(url: string, headers = admin.headers) =>
      app.request<T & ErrorBody>({ method: 'POST', url, headers });
    const integrations = async () =>
      app.request<Integrations & ErrorBody>({ url: '/api/admin/integrations', headers: admin.headers });

    beforeAll(async () => {
      smtp = await startSmtpServer({ auth: { user: 'mailer', pass: SMTP_PASSWORD } });
      receiver = await startWebhookReceiver();
      model = await startOpenAIServer();
      idp = await startOidcServer();
      const smtpUrl = new URL(smtp.url);
      smtpUrl.username = 'mailer';
      smtpUrl.password = SMTP_PASSWORD;
      app = await startTestApp(kind, {
        env: {
          SMTP_URL: smtpUrl.toString(),
          MAIL_FROM: 'Assessments <hello@assess.example.com>',
          WEBHOOK_URL: `${receiver.url}?token=${URL_TOKEN}`,
          WEBHOOK_SECRET,
          OPENAI_API_KEY: OPENAI_KEY,
          OPENAI_BASE_URL: model.baseUrl,
          OPENAI_MODEL: 'test-model',
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: 'msp-admin',
          OIDC_CLIENT_SECRET: OIDC_SECRET,
          SESSION_SECRET,
          TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7',
          EMBED_ALLOWED_ORIGINS: 'https://partner.example,https://www.partner.example',
        },
        // A retry late enough for the failure it follows to be seen in the list first.
        jobs: { pollIntervalMs: 100, retryDelaysMs: [1500] },
      });
      admin = await signedInAs(
        app,
        await createTestUser(app.db, {
          role: 'admin',
          status: 'approved',
          email: 'ops@northwind-it.example',
        }),
      );
    });
    afterAll(async () => {
      await app?.close();
      await Promise.all([smtp?.close(), receiver?.close(), model?.close(), idp?.stop()]);
    });

    it('shows what the server is configured to do, and none of its secrets', async () => {
      const { status, body } = await integrations();
      expect(status).toBe(200);
      const receiverHost = new URL(receiver.url).host;
      expect(body).toMatchObject({
        email: {
          transport: 'smtp',
          smtpHost: new URL(smtp.url).host,
          from: 'Assessments <hello@assess.example.com>',
        },
        webhook: { configured: true, targetHost: receiverHost, secretSet: true },
        analysis: { analyst: 'model', model: 'test-model', endpointHost: new URL(model.baseUrl).host },
        sso: { enabled: true, issuer: idp.issuer.replace(/\/$/, '') },
        trustedProxies: ['10.0.0.0/8', '192.0.2.7'],
        embed: {
          scriptUrl: `${app.config.publicUrl}/embed.js`,
          allowedOrigins: ['https://partner.example', 'https://www.partner.example'],
        },
      });
      const text = JSON.stringify(body);
      const secretPart = WEBHOOK_SECRET.slice('whsec_'.length);
      for (const secret of [
        SMTP_PASSWORD,
        WEBHOOK_SECRET,
        secretPart,
        OPENAI_KEY,
        OIDC_SECRET,
        SESSION_SECRET,
        URL_TOKEN,
      ]) {
        expect(text).not.toContain(secret);
      }
    });

    it("sends a test email to the signed-in admin's address through the SMTP server", async () => {
      smtp.reset();
      const { status, body } = await post<TestEmailResult>('/api/admin/integrations/test-email');
      expect(status).toBe(200);
      expect(body).toEqual({ sent: true, to: 'ops@northwind-it.example', transport: 'smtp', error: null });
      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.envelope.rcptTo).toEqual(['ops@northwind-it.example']);
      expect(mail!.parsed.subject).toBe('Test email from MSP Automation Maturity Assessment');
      expect(mail!.parsed.text).toContain('This is a test email');
    });

    it('says why a test email was refused, in the mail server’s words and without its password', async () => {
      smtp.reset();
      smtp.rejectNext(1, { code: 550, message: 'Mailbox unavailable' });
      const { status, body } = await post<TestEmailResult>('/api/admin/integrations/test-email');
      expect(status).toBe(200);
      expect(body.sent).toBe(false);
      expect(body.error).toContain('550');
      expect(JSON.stringify(body)).not.toContain(SMTP_PASSWORD);
      expect(smtp.messages).toHaveLength(0);
    });

    it('posts a test webhook signed like the real deliveries, and reports the answer', async () => {
      const before = receiver.received.length;
      const { status, body } = await post<TestWebhookResult>('/api/admin/integrations/test-webhook');
      expect(status).toBe(200);
      expect(body).toMatchObject({ delivered: true, httpStatus: 204, error: null });
      const request = receiver.received[before]!;
      expect(request.url).toBe(`${new URL(receiver.url).pathname}?token=${URL_TOKEN}`);
      expect(request.headers['webhook-id']).toBe(body.messageId);
      const payload = new Webhook(WEBHOOK_SECRET).verify(
        request.body,
        request.headers as Record<string, string>,
      );
      expect(payload).toMatchObject({ type: 'integration.test', data: { message: expect.any(String) } });
      // Another secret does not verify it: it is really signed with this one.
      const other = `whsec_${Buffer.from('a different secret, also 32 bytes!').toString('base64')}`;
      expect(() =>
        new Webhook(other).verify(request.body, request.headers as Record<string, string>),
      ).toThrow();

      receiver.answerNext(500);
      const failed = await post<TestWebhookResult>('/api/admin/integrations/test-webhook');
      expect(failed.body).toMatchObject({ delivered: false, httpStatus: 500 });
      expect(failed.body.error).toMatch(/^answered 500/);
    });

    it('lists the latest failed deliveries from the jobs, and not the ones that went through', async () => {
      smtp.reset();
      // The results email is refused for good (5xx); the webhook fails once and is retried.
      smtp.rejectNext(1, { code: 554, message: 'Refused for this test' });
      receiver.answerNext(503);
      const id = await submitAs(app, { email_address: 'pat@contoso.example' }, 2);
      // Each failure as it was listed: the webhook's retry may succeed, and leave the list, before
      // the email (which waits for the analysis and carries the report) has failed.
      type Failure = Awaited<ReturnType<typeof integrations>>['body']['failures'][number];
      const listed = new Map<string, Failure>();
      await eventually(
        async () => {
          const { body } = await integrations();
          for (const failure of body.failures)
            if (failure.submissionId === id) listed.set(failure.kind, failure);
          return listed.has('email') && listed.has('webhook');
        },
        { what: 'both failures to be listed', timeoutMs: 30_000 },
      );
      const failures = [...listed.values()];
      const email = failures.find((f) => f.kind === 'email')!;
      expect(email).toMatchObject({ status: 'failed', attempts: 1 });
      expect(email.error).toContain('554');
      const webhook = failures.find((f) => f.kind === 'webhook')!;
      expect(webhook.error).toMatch(/^answered 503/);
      expect(new Date(webhook.at).getTime()).toBeLessThanOrEqual(Date.now());
      // The webhook's retry succeeds: it leaves the list.
      await eventually(
        async () =>
          !(await integrations()).body.failures.some((f) => f.submissionId === id && f.kind === 'webhook'),
        { what: 'the retried webhook to leave the list' },
      );
      // The analysis went through: never listed.
      expect(
        (await integrations()).body.failures.some((f) => f.kind === 'analysis' && f.submissionId === id),
      ).toBe(false);
    });

    it('logs none of its secrets, even when a peer echoes one back in its error', async () => {
      // The model's server answers 401 with the key it was sent; the mail server refuses with the password.
      model.setMode('reject-key');
      smtp.reset();
      smtp.rejectNext(1, { code: 554, message: `Refused for mailer:${SMTP_PASSWORD}` });
      app.logs();
      let logged = '';
      try {
        await submitAs(app, { email_address: 'sam@contoso.example' }, 2);
        await eventually(
          () => {
            logged += app.logs();
            return /model answered 401/.test(logged) && /Job failed/.test(logged);
          },
          { what: 'the analysis and the email to fail' },
        );
      } finally {
        model.setMode('succeed');
      }
      expect(logged).toContain('Incorrect API key provided: Bearer [redacted]');
      expect(logged).toContain('Refused for mailer:[redacted]');
      const secretPart = WEBHOOK_SECRET.slice('whsec_'.length);
      for (const secret of [
        SMTP_PASSWORD,
        WEBHOOK_SECRET,
        secretPart,
        OPENAI_KEY,
        OIDC_SECRET,
        SESSION_SECRET,
      ]) {
        expect(logged).not.toContain(secret);
      }
    });

    it('is for approved admins only', async () => {
      const user = await signedInAs(app, await createTestUser(app.db, { role: 'user', status: 'approved' }));
      expect((await app.request({ url: '/api/admin/integrations', headers: user.headers })).status).toBe(403);
      expect((await app.request({ url: '/api/admin/integrations' })).status).toBe(401);
      smtp.reset();
      expect((await post('/api/admin/integrations/test-email', user.headers)).status).toBe(403);
      expect(smtp.messages).toHaveLength(0);
    });
  });

  describe('with nothing configured', () => {
    let app: TestApp;
    let admin: SignedIn;

    beforeAll(async () => {
      app = await startTestApp(kind, { jobs: FAST_JOBS });
      admin = await signedInAs(
        app,
        await createTestUser(app.db, { role: 'admin', status: 'approved', email: 'solo@msp.example' }),
      );
    });
    afterAll(() => app?.close());

    it('says mail goes to the outbox, no webhooks, the built-in analyst and no single sign-on', async () => {
      const { body } = await app.request<Integrations>({
        url: '/api/admin/integrations',
        headers: admin.headers,
      });
      expect(body).toEqual({
        email: { transport: 'outbox', smtpHost: null, from: expect.stringContaining('no-reply@localhost') },
        webhook: { configured: false, targetHost: null, secretSet: false },
        analysis: { analyst: 'builtin', model: null, endpointHost: null },
        sso: { enabled: false, issuer: null },
        trustedProxies: [],
        embed: { scriptUrl: `${app.config.publicUrl}/embed.js`, allowedOrigins: [] },
        failures: [],
      });
    });

    it('writes the test email to the outbox', async () => {
      const { status, body } = await app.request<TestEmailResult>({
        method: 'POST',
        url: '/api/admin/integrations/test-email',
        headers: admin.headers,
      });
      expect(status).toBe(200);
      expect(body).toEqual({ sent: true, to: 'solo@msp.example', transport: 'outbox', error: null });
      const files = await readdir(path.join(app.config.dataDir, 'outbox'));
      expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(1);
    });

    it('refuses a test webhook and a re-send with a clear 409, and queues nothing', async () => {
      const test = await app.request<ErrorBody>({
        method: 'POST',
        url: '/api/admin/integrations/test-webhook',
        headers: admin.headers,
      });
      expect(test.status).toBe(409);
      expect(test.body.message).toBe(
        'Webhooks are not configured: set WEBHOOK_URL and WEBHOOK_SECRET on the server.',
      );
      const id = await submitAs(app);
      const resend = await app.request<ErrorBody>({
        method: 'POST',
        url: `/api/admin/submissions/${id}/resend-webhook`,
        headers: admin.headers,
      });
      expect(resend.status).toBe(409);
      expect(resend.body.message).toBe(test.body.message);
      expect(await app.db('jobs').where({ kind: 'webhook' })).toHaveLength(0);
    });

    it('shows who wrote the analysis: the built-in analyst, as no model is configured', async () => {
      const id = await submitAs(app, {}, 1);
      await eventually(async () => (await app.db('submissions').where({ id }).first()).ai_analysis);
      const { body } = await app.request<{ analysis: unknown; analysisPending: boolean }>({
        url: `/api/admin/submissions/${id}`,
        headers: admin.headers,
      });
      expect(body.analysis).toMatchObject({
        writtenBy: 'builtin',
        model: null,
        reason: 'no model is configured',
      });
    });

    it('previews the results email for a sandboxed frame, and says when no template is active', async () => {
      const id = await submitAs(app, { first_name: 'Priya', company: 'Contoso <MSP>' }, 2);
      const preview = async () =>
        app.request<SubmissionEmailPreview & ErrorBody>({
          url: `/api/admin/submissions/${id}/email-preview`,
          headers: admin.headers,
        });
      const active = await app.db('email_templates').where({ is_active: true }).first();
      const shown = await preview();
      expect(shown.status).toBe(200);
      expect(shown.body.template).toEqual({ id: active.id, name: active.name });
      expect(shown.body.html).toContain('Priya');
      expect(shown.body.html).toContain('Contoso &lt;MSP&gt;');
      expect(shown.body.subject).not.toContain('{{');

      await app.db('email_templates').update({ is_active: false });
      try {
        const none = await preview();
        expect(none.status).toBe(200);
        expect(none.body).toEqual({ template: null, subject: null, html: null });
      } finally {
        await app.db('email_templates').where({ id: active.id }).update({ is_active: true });
      }
      const unknown = await app.request<ErrorBody>({
        url: '/api/admin/submissions/00000000-0000-4000-8000-000000000000/email-preview',
        headers: admin.headers,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Submission not found');
    });
  });
});
