import type { Server } from '@hapi/hapi';
import type { PersonalDataExport, ReminderPreferences, ReminderSummary } from '@msp/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/knex.js';
import { createLogger } from '../../logger.js';
import { createServer } from '../../server.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { headerOf, startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FAST_JOBS = { pollIntervalMs: 50, retryDelaysMs: [0] };
let counter = 0;
const freshEmail = (name: string) => `${name}.${++counter}.${Date.now()}@northwind-it.example`;
describe.each(testDatabaseKinds)('reminders to reassess on $name', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let admin: SignedIn;
  const extraServers: Server[] = [];
  const extraDatabases: Database[] = [];

  const reminderOf = (submissionId: string) =>
    app.db('jobs').where({ kind: 'reassess_reminder', submission_id: submissionId }).first();
  /** Makes a submission's reminder due now, as if its days had passed. */
  const makeDue = (submissionId: string) =>
    app
      .db('jobs')
      .where({ kind: 'reassess_reminder', submission_id: submissionId })
      .update({ run_at: app.db.fn.now() });
  const settled = (submissionId: string) =>
    eventually(async () => (await reminderOf(submissionId))?.status === 'succeeded', {
      what: 'the reminder job to finish',
    });
  /** The reminders (not the results emails) that reached an address. */
  const remindersTo = (email: string) =>
    smtp.messages.filter(
      (mail) => mail.envelope.rcptTo.includes(email) && mail.parsed.messageId?.startsWith('<reminder-'),
    );
  const preferences = (token: string) =>
    app.request<ReminderPreferences & { message?: string }>({
      url: `/api/reminders?token=${encodeURIComponent(token)}`,
    });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(kind, {
      env: { SMTP_URL: smtp.url, PRODUCT_NAME: 'Maturity Check', PUBLIC_URL: 'https://assess.example.com' },
      jobs: FAST_JOBS,
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  beforeEach(() => smtp.reset());
  afterEach(async () => {
    await Promise.all(extraServers.splice(0).map((server) => server.stop()));
    await Promise.all(extraDatabases.splice(0).map((db) => db.destroy()));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('schedules one reminder the set number of days after a submission that asked, none otherwise', async () => {
    const before = Date.now();
    const asked = await submitAs(app, { email_address: freshEmail('ada') }, 1, { remindMe: true });
    const notAsked = await submitAs(app, { email_address: freshEmail('bo') }, 1, { remindMe: false });
    const job = await reminderOf(asked);
    expect(job).toMatchObject({ status: 'queued', unique_key: `reminder:${asked}` });
    const due = new Date(job.run_at).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 90 * DAY_MS - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS + 1000);
    expect(await reminderOf(notAsked)).toBeUndefined();

    const saved = await app.request({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { reminderDays: '45' },
    });
    expect(saved.status).toBe(200);
    const later = await submitAs(app, { email_address: freshEmail('cy') }, 1, { remindMe: true });
    const laterDue = new Date((await reminderOf(later)).run_at).getTime();
    expect(Math.round((laterDue - Date.now()) / DAY_MS)).toBe(45);
    await app.request({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { reminderDays: '' },
    });

    const refused = await app.request<{ message: string }>({
      method: 'POST',
      url: '/api/assessment/submit',
      payload: { demographicData: {}, answers: [], remindMe: 'yes' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('remindMe');
  });

  it('is sent once by two instances on one database, with one-click unsubscribe, in the built-in words', async () => {
    const email = freshEmail('dana');
    const id = await submitAs(app, { email_address: email, first_name: 'Dana' }, 2, { remindMe: true });
    const second = createDatabase({ databaseUrl: app.database.url });
    extraDatabases.push(second);
    const other = await createServer({
      config: app.config,
      db: second,
      logger: createLogger('silent'),
      jobs: FAST_JOBS,
    });
    extraServers.push(other);
    await makeDue(id);
    await settled(id);
    const [mail, ...more] = remindersTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.parsed.subject).toBe('Time to take the Maturity Check again');
    expect(mail!.parsed.messageId).toBe(`<reminder-${id}@assess.example.com>`);
    expect(mail!.parsed.text).toContain('Hi Dana,');
    expect(mail!.parsed.text).toContain('https://assess.example.com/assessment?lang=en');
    expect(mail!.parsed.text).toContain('https://assess.example.com/my/reminders?lang=en#token=');
    expect(headerOf(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /^<([^>]+)>$/.exec(headerOf(mail!, 'list-unsubscribe')!)![1]!;
    expect(unsubscribeUrl).toMatch(/^https:\/\/assess\.example\.com\/api\/reminders\/unsubscribe\?token=/);
    const attempts = await app.db('job_attempts').where({ job_id: (await reminderOf(id)).id });
    expect(attempts).toHaveLength(1);

    // The mail system's one-click POST, as RFC 8058 has it: a form, no cookie.
    const token = new URL(unsubscribeUrl).searchParams.get('token')!;
    const oneClick = await app.server.inject({
      method: 'POST',
      url: `/api/reminders/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await preferences(token)).body).toEqual({ email, subscribed: false, nextReminderAt: null });
  });

  it('sends nothing after unsubscribing, until the visitor asks again', async () => {
    const email = freshEmail('eli');
    const first = await submitAs(app, { email_address: email }, 1, { remindMe: true });
    const second = await submitAs(app, { email_address: email }, 2, { remindMe: true });
    await makeDue(first);
    await settled(first);
    // The preferences page, opened from the reminder's link.
    const link = /#token=([\w.-]+)/.exec(remindersTo(email)[0]!.parsed.text!)![1]!;
    const shown = await preferences(link);
    expect(shown.body).toMatchObject({ email, subscribed: true });
    expect(shown.body.nextReminderAt).not.toBeNull();

    const off = await app.request<ReminderPreferences>({
      method: 'PUT',
      url: `/api/reminders?token=${link}`,
      payload: { subscribed: false },
    });
    expect(off.body).toEqual({ email, subscribed: false, nextReminderAt: null });
    smtp.reset();
    await makeDue(second);
    await settled(second);
    expect(remindersTo(email)).toHaveLength(0);
    expect((await reminderOf(second)).payload).toEqual({ skipped: true });

    const exported = await app.request<PersonalDataExport>({
      url: `/api/admin/personal-data/export?email=${encodeURIComponent(email)}`,
      headers: admin.headers,
    });
    expect(exported.body.reminders.map((r) => [r.submissionId, r.status])).toEqual([
      [first, 'sent'],
      [second, 'skipped'],
    ]);
    expect(exported.body.remindersUnsubscribedAt).not.toBeNull();

    // A later submission whose visitor ticks the box again asks anew.
    const third = await submitAs(app, { email_address: email }, 3, { remindMe: true });
    expect((await preferences(link)).body).toMatchObject({ subscribed: true });
    await makeDue(third);
    await settled(third);
    expect(remindersTo(email)).toHaveLength(1);
    expect(
      (
        await app.request({
          method: 'PUT',
          url: `/api/reminders?token=${link}`,
          payload: { subscribed: 'no' },
        })
      ).status,
    ).toBe(400);
  });

  it('refuses a forged or malformed link, and names the field', async () => {
    const email = freshEmail('fay');
    const id = await submitAs(app, { email_address: email }, 1);
    const forged = await preferences(`${id}.${'A'.repeat(32)}`);
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe('This reminder link no longer works');
    const malformed = await preferences('nonsense');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('token');
    const oneClick = await app.server.inject({
      method: 'POST',
      url: `/api/reminders/unsubscribe?token=${id}.${'A'.repeat(32)}`,
    });
    expect(oneClick.statusCode).toBe(404);
    expect(await app.db('reminder_opt_outs').where({ email }).first()).toBeUndefined();
  });

  it("sends the admin's active reminder template, with its links filled in and the preferences at its end", async () => {
    const created = await app.request<{ id: number; purpose: string }>({
      method: 'POST',
      url: '/api/admin/email-templates',
      headers: admin.headers,
      payload: {
        name: 'Quarterly nudge',
        subject: 'Ready for round two, {{firstName}}?',
        htmlBody:
          '<p>Last time: {{overall_level}}.</p><p><a href="{{assessment_url}}">Go</a> <a href="{{my_url}}">History</a></p>',
        purpose: 'reminder',
        isActive: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.purpose).toBe('reminder');
    // The results template stays active beside it.
    const templates = (
      await app.request<{ purpose: string; isActive: boolean }[]>({
        url: '/api/admin/email-templates',
        headers: admin.headers,
      })
    ).body;
    expect(
      templates
        .filter((t) => t.isActive)
        .map((t) => t.purpose)
        .sort(),
    ).toEqual(['reminder', 'results']);
    const variables = await app.request<{ variables: { name: string }[] }>({
      url: '/api/admin/email-templates/variables?purpose=reminder',
      headers: admin.headers,
    });
    expect(variables.body.variables.map((v) => v.name)).toEqual(
      expect.arrayContaining(['assessment_url', 'my_url']),
    );

    const email = freshEmail('gus');
    const id = await submitAs(app, { email_address: email, first_name: 'Gus' }, 1, { remindMe: true });
    await makeDue(id);
    await settled(id);
    const [mail] = remindersTo(email);
    expect(mail!.parsed.subject).toBe('Ready for round two, Gus?');
    expect(mail!.parsed.html).toContain('href="https://assess.example.com/assessment?lang=en"');
    expect(mail!.parsed.html).toContain('href="https://assess.example.com/my?lang=en"');
    expect(mail!.parsed.html).toContain('Unsubscribe from reminders');
    expect(mail!.parsed.html).toContain('Reminder preferences');
    await app.request({
      method: 'DELETE',
      url: `/api/admin/email-templates/${created.body.id}`,
      headers: admin.headers,
    });
  });

  it('counts who is waiting for the admin, and erasing an address removes its opt-out and reminders', async () => {
    const email = freshEmail('hal');
    const id = await submitAs(app, { email_address: email }, 1, { remindMe: true });
    const before = (
      await app.request<ReminderSummary>({ url: '/api/admin/reminders', headers: admin.headers })
    ).body;
    expect(before.optedIn).toBeGreaterThanOrEqual(1);
    expect(before.nextDueAt).not.toBeNull();
    const anonymous = await app.request({ url: '/api/admin/reminders' });
    expect(anonymous.status).toBe(401);

    await app.db('reminder_opt_outs').insert({ email });
    const after = (
      await app.request<ReminderSummary>({ url: '/api/admin/reminders', headers: admin.headers })
    ).body;
    expect(after.optedIn).toBe(before.optedIn - 1);
    expect(after.unsubscribed).toBe(before.unsubscribed + 1);

    const erased = await app.request({
      method: 'POST',
      url: '/api/admin/personal-data/delete',
      headers: admin.headers,
      payload: { email },
    });
    expect(erased.status).toBe(200);
    expect(await app.db('reminder_opt_outs').where({ email }).first()).toBeUndefined();
    expect(await reminderOf(id)).toBeUndefined();
  });
});
