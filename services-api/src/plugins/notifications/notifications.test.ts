import type { ChatWebhook, ErrorBody, NotificationPreferences, TestChatWebhookResult } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../jobs/job-store.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { headerOf, startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { hourOf, localTime } from './notification-jobs.js';

const FAST_JOBS = { pollIntervalMs: 100, retryDelaysMs: [300] };

/** A time zone whose clock shows `hour` now (a whole-hour zone of the Etc area). */
function zoneAt(hour: number, now = new Date()): string {
  let offset = hour - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  // Etc/GMT-3 is three hours ahead of UTC: the sign is POSIX's, the other way round.
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

describe.each(testDatabaseKinds)('telling the team about leads on $name', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let chat: WebhookReceiver;
  const admins: Record<
    'every' | 'matching' | 'digest' | 'quiet',
    { id: number; email: string; signed: SignedIn }
  > = {} as never;

  const call = async <T>(method: string, url: string, who: SignedIn | null, payload?: object) => {
    const response = await app.request<T & ErrorBody>({ method, url, headers: who?.headers ?? {}, payload });
    return { status: response.status, body: response.body, headers: response.headers };
  };
  const save = (who: keyof typeof admins, body: object) =>
    call<NotificationPreferences>('PUT', '/api/admin/profile/notifications', admins[who].signed, body);
  const leadEmailsTo = (email: string) =>
    smtp.messages.filter(
      (mail) => mail.envelope.rcptTo.includes(email) && mail.parsed.messageId?.startsWith('<lead-email-'),
    );
  /**
   * The clock's tick of the next hour, run now: what the hourly job does when that hour comes. Its
   * digests cover what came in before it, this test's submissions among them.
   */
  const nextHour = () => new Date(hourOf(new Date()).getTime() + 3_600_000);
  const tick = (hour: Date) =>
    enqueueJob(app.db, {
      kind: 'lead_clock',
      submissionId: null,
      payload: { hour: hour.toISOString() },
      maxAttempts: 1,
    });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    chat = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://assess.example.com' },
      jobs: FAST_JOBS,
    });
    for (const name of ['every', 'matching', 'digest', 'quiet'] as const) {
      const user = await createTestUser(app.db, { role: 'admin', status: 'approved', firstName: name });
      admins[name] = { id: user.id, email: user.email, signed: await signedInAs(app, user) };
    }
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await chat?.close();
  });

  it('asks nothing of anyone until they choose, and refuses a choice it cannot keep, naming the field', async () => {
    const { body } = await call<NotificationPreferences>(
      'GET',
      '/api/admin/profile/notifications',
      admins.quiet.signed,
    );
    expect(body).toMatchObject({
      mode: 'none',
      assignedEmail: true,
      dueEmail: true,
      email: admins.quiet.email,
      saved: false,
    });
    for (const [payload, field] of [
      [{ mode: 'sometimes' }, 'mode'],
      [{ mode: 'digest', digestHour: 24 }, 'digestHour'],
      [{ mode: 'digest', timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ mode: 'matching', filter: { overallLevels: [4] } }, 'filter.overallLevels.0'],
    ] as const) {
      const refused = await save('quiet', payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.field).toBe(field);
    }
    expect((await app.db('admin_notifications').where({ user_id: admins.quiet.id })).length).toBe(0);
  });

  it('emails every new submission to who asked for all, the matching ones to who filtered, and posts to the chat channel', async () => {
    expect((await save('every', { mode: 'every' })).status).toBe(200);
    const matching = await save('matching', {
      mode: 'matching',
      filter: { overallLevels: [3], demographics: { employee_count: '11-25' } },
    });
    expect(matching.body.filter).toEqual({
      overallLevels: [3],
      source: '',
      campaign: '',
      demographics: { employee_count: '11-25' },
    });
    const saved = await call<ChatWebhook>(
      'PUT',
      '/api/admin/integrations/chat-webhook',
      admins.every.signed,
      {
        kind: 'slack',
        url: `${chat.url}/T000/B000/secretpart1234`,
      },
    );
    expect(saved.body).toMatchObject({ configured: true, kind: 'slack' });
    expect(saved.body.hint).toMatch(/…1234$/);
    expect(JSON.stringify(await app.db('chat_webhook').first())).not.toContain('secretpart');
    expect(
      JSON.stringify(await app.db('audit_events').where({ action: 'integration.chat_webhook_save' })),
    ).not.toContain('secretpart');

    const top = await submitAs(
      app,
      { first_name: 'Ada', last_name: 'Lovelace', company: 'Northwind IT', employee_count: '11-25' },
      3,
    );
    const low = await submitAs(app, { first_name: 'Bo', company: 'Contoso', employee_count: '11-25' }, 0);
    const mail = await smtp.waitForMessage(
      (m) => m.envelope.rcptTo.includes(admins.every.email) && (m.parsed.text ?? '').includes('Contoso'),
    );
    expect(mail.parsed.subject).toMatch(/^New lead: Contoso \(Level 0 /);
    expect(mail.parsed.text).toContain(`https://assess.example.com/admin/submissions?id=${low}`);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    await eventually(() => leadEmailsTo(admins.every.email).length === 2, { what: 'both emails to every' });
    const matched = await smtp.waitForMessage((m) => m.envelope.rcptTo.includes(admins.matching.email));
    expect(matched.parsed.text).toContain('Northwind IT: Ada Lovelace');
    expect(matched.parsed.text).toMatch(/Overall Level 3 /);
    await eventually(
      async () =>
        (await app.db('jobs').where({ kind: 'lead_notification' }).whereNot({ status: 'succeeded' }))
          .length === 0,
      {
        what: 'the notifications worked out',
      },
    );
    expect(leadEmailsTo(admins.matching.email).map((m) => m.parsed.subject)).toEqual([
      expect.stringContaining('Northwind IT'),
    ]);
    expect(leadEmailsTo(admins.quiet.email)).toEqual([]);
    expect(leadEmailsTo(admins.digest.email)).toEqual([]);

    const posts = await eventually(() => {
      const bodies = chat.received.map(
        (r) => JSON.parse(r.body) as { text: string; blocks: { text: { text: string } }[] },
      );
      return bodies.length >= 2 ? bodies : undefined;
    });
    expect(posts.map((post) => post.text).sort()).toEqual(
      ['New lead: Contoso, Bo Reyes', 'New lead: Northwind IT, Ada Lovelace'].sort(),
    );
    expect(posts.find((post) => post.text.includes('Northwind'))!.blocks[0]!.text.text).toContain(
      `<https://assess.example.com/admin/submissions?id=${top}|Open the submission>`,
    );

    const test = await call<TestChatWebhookResult>(
      'POST',
      '/api/admin/integrations/chat-webhook/test',
      admins.every.signed,
    );
    expect(test.body).toMatchObject({ delivered: true, httpStatus: 204 });
  });

  it('tells an owner when someone gives them a lead, and on the morning its next step falls due', async () => {
    const id = await submitAs(app, { first_name: 'Cy', company: 'Fabrikam' }, 2);
    // Given to themselves: nobody is told.
    await call('PATCH', `/api/admin/submissions/${id}/lead`, admins.quiet.signed, {
      ownerId: admins.quiet.id,
    });
    await call('PATCH', `/api/admin/submissions/${id}/lead`, admins.every.signed, {
      ownerId: admins.digest.id,
    });
    const assigned = await smtp.waitForMessage(
      (m) =>
        m.envelope.rcptTo.includes(admins.digest.email) &&
        m.parsed.subject === 'Lead assigned to you: Fabrikam',
    );
    expect(assigned.parsed.text).toContain('every User gave you this lead');
    expect(leadEmailsTo(admins.quiet.email)).toEqual([]);

    // The digest admin's zone shows 08:00 at the next hour: their morning.
    const hour = nextHour();
    const zone = zoneAt(8, hour);
    await save('digest', { mode: 'none', timeZone: zone });
    await call('PATCH', `/api/admin/submissions/${id}/lead`, admins.every.signed, {
      nextStepOn: localTime(hour, zone).day,
    });
    await tick(hour);
    const due = await smtp.waitForMessage(
      (m) => m.envelope.rcptTo.includes(admins.digest.email) && /due today/.test(m.parsed.subject ?? ''),
    );
    expect(due.parsed.subject).toBe('A next step is due today');
    expect(due.parsed.text).toContain('Fabrikam');
    // Another tick of the same hour sends it no second time.
    await tick(hour);
    await eventually(
      async () =>
        (
          await app
            .db('jobs')
            .where({ kind: 'lead_clock' })
            .whereIn('status', ['queued', 'running'])
            .where('run_at', '<=', app.db.fn.now())
        ).length === 0,
    );
    expect(
      leadEmailsTo(admins.digest.email).filter((m) => /due today/.test(m.parsed.subject ?? '')),
    ).toHaveLength(1);
  });

  it('sends a digest at its hour with what came in since the last, once', async () => {
    const hour = nextHour();
    const zone = 'Asia/Kolkata';
    await save('digest', {
      mode: 'digest',
      digestHour: localTime(hour, zone).hour,
      timeZone: zone,
      dueEmail: false,
    });
    await submitAs(app, { first_name: 'Dee', company: 'Litware' }, 1);
    await submitAs(app, { first_name: 'Eve', company: 'Tailspin' }, 2);
    await tick(hour);
    const digest = await smtp.waitForMessage(
      (m) => m.envelope.rcptTo.includes(admins.digest.email) && /daily digest/.test(m.parsed.subject ?? ''),
    );
    expect(digest.parsed.subject).toBe('Your daily digest: 2 new submissions');
    expect(digest.parsed.text).toContain('Litware');
    expect(digest.parsed.text).toContain('Tailspin');
    expect(digest.parsed.text).not.toContain('Fabrikam');
    await tick(hour);
    await eventually(
      async () =>
        (await app.db('jobs').where({ kind: 'lead_email' }).whereIn('status', ['queued', 'running']))
          .length === 0,
    );
    expect(
      leadEmailsTo(admins.digest.email).filter((m) => /daily digest/.test(m.parsed.subject ?? '')),
    ).toHaveLength(1);
  });

  it('stops every lead email with the one click its header carries, and takes no forged link', async () => {
    const [mail] = leadEmailsTo(admins.every.email);
    const url = new URL(headerOf(mail!, 'list-unsubscribe')!.replace(/^<|>$/g, ''));
    expect(url.pathname).toBe('/api/notifications/unsubscribe');
    const forged = await call('POST', `/api/notifications/unsubscribe?token=${admins.every.id}.forged`, null);
    expect(forged.status).toBe(404);
    const done = await call('POST', `${url.pathname}${url.search}`, null);
    expect(done.status).toBe(200);
    const after = await call<NotificationPreferences>(
      'GET',
      '/api/admin/profile/notifications',
      admins.every.signed,
    );
    expect(after.body).toMatchObject({ mode: 'none', assignedEmail: false, dueEmail: false });
    const before = leadEmailsTo(admins.every.email).length;
    await submitAs(app, { first_name: 'Flo', company: 'Woodgrove', employee_count: '11-25' }, 3);
    await smtp.waitForMessage(
      (m) => m.envelope.rcptTo.includes(admins.matching.email) && (m.parsed.text ?? '').includes('Woodgrove'),
    );
    expect(leadEmailsTo(admins.every.email)).toHaveLength(before);
  });
});
