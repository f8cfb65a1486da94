import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger.js';
import { NotFoundError } from '../../../domain/errors.js';
import { renderSubmissionEmail } from './email-content.js';
import { createTestUser, signedInAs } from '../../../test/auth-helpers.js';
import { person } from '../../../test/fixtures.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { submitAs } from '../../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { createMailer } from '../../../mail/mailer.js';
import { composeSubmissionEmail, type ComposedEmail } from './email-content.js';

const PUBLIC_URL = 'https://assess.example.com';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseKinds)('submission email on $name', (kind) => {
  let app: TestApp;
  let obrien: string;

  const compose = (id: string) => composeSubmissionEmail(app.db, id, { publicUrl: PUBLIC_URL });
  const composed = async (id: string) => {
    const email = await compose(id);
    if ('skipped' in email) throw new Error(`skipped: ${email.skipped}`);
    return email;
  };

  /** Changes rows for one test and puts them back after, pass or fail. */
  async function withRows(table: string, change: Record<string, unknown>, run: () => Promise<void>) {
    const before = (await app.db(table).select('id', ...Object.keys(change))) as Record<string, unknown>[];
    await app.db(table).update(change);
    try {
      await run();
    } finally {
      for (const { id, ...row } of before) await app.db(table).where({ id }).update(row);
    }
  }

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { PUBLIC_URL } });
    obrien = await submitAs(app, { first_name: 'Siobhán', company: "O'Brien & <Sons>" }, 3);
  });
  afterAll(() => app?.close());

  it('sends the active template to the address in the email field, with the values escaped', async () => {
    const email = await composed(obrien);
    expect(email.to).toBe(person.email_address);
    // A header is not HTML: the subject has the company as typed.
    expect(email.subject).toBe("Your MSP automation maturity results for O'Brien & <Sons>");
    expect(email.html).toContain('Hi Siobhán Reyes,');
    expect(email.html).toContain('O&#39;Brien &amp; &lt;Sons&gt;');
    expect(email.html).not.toContain('<Sons>');
    expect(email.html).toContain('Level 3: Mature');
    expect(email.html).toContain(`href="${PUBLIC_URL}/results/${obrien}"`);
    expect(email.html).not.toMatch(/\{\{|\}\}/);
  });

  it('has a plain-text part a person can read, with the results link', async () => {
    const { text } = await composed(obrien);
    expect(text).toContain('Hi Siobhán Reyes,');
    // Wrapped at 78 columns, so read as words.
    expect(text.replace(/\s+/g, ' ')).toContain("assessment for O'Brien & <Sons>. Here is");
    expect(text).toMatch(
      /View your full results\s+\[https:\/\/assess\.example\.com\/results\/[0-9a-f-]{36}\]/,
    );
    expect(text).toContain(`[${PUBLIC_URL}/results/${obrien}]`);
    // One pillar a line, name and level together.
    expect(text).toMatch(/^Expertise Level 3: Mature$/m);
    expect(text).toMatch(/^KPIs Level 3: Mature$/m);
    expect(text).not.toMatch(/<\/?(table|td|p|a)\b|&amp;|&lt;|\{\{/);
  });

  it('keeps line breaks a visitor typed out of the subject', async () => {
    const id = await submitAs(app, { company: 'Contoso\r\nBcc: eve@evil.example' });
    const { subject } = await composed(id);
    expect(subject).toBe('Your MSP automation maturity results for Contoso Bcc: eve@evil.example');
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('is the HTML the admin previews', async () => {
    const email = await composed(obrien);
    expect(await renderSubmissionEmail(app.db, obrien, { publicUrl: PUBLIC_URL })).toBe(email.html);
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const preview = await app.server.inject({
      url: `/api/assessment/email-preview/${obrien}`,
      headers: admin.headers,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.payload).toBe(email.html);
  });

  it('is sent as composed: recipient, sender, subject, both parts and a stable Message-ID', async () => {
    const smtp: TestSmtpServer = await startSmtpServer();
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: app.config.mail.from, outboxDir: '/nonexistent' },
      createLogger('silent'),
    );
    try {
      const email = (await compose(obrien)) as ComposedEmail;
      const sent = await mailer.send({ ...email, messageId: `results-${obrien}@assess.example.com` });
      expect(sent).toEqual({ transport: 'smtp', messageId: `<results-${obrien}@assess.example.com>` });
      const [mail] = smtp.messages;
      expect(mail!.envelope.rcptTo).toEqual([person.email_address]);
      expect(mail!.parsed.from?.text).toBe(app.config.mail.from);
      expect(mail!.parsed.subject).toBe(email.subject);
      expect(mail!.parsed.messageId).toBe(sent.messageId);
      expect(mail!.parsed.html).toContain('O&#39;Brien &amp; &lt;Sons&gt;');
      expect(mail!.parsed.text).toContain(`[${PUBLIC_URL}/results/${obrien}]`);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  describe('skipped', () => {
    it('when no template is active', async () => {
      await withRows('email_templates', { is_active: false }, async () => {
        expect(await compose(obrien)).toEqual({ skipped: 'no email template is active' });
      });
    });

    it('when no active field has the email type', async () => {
      await withRows('demographic_fields', { is_active: false }, async () => {
        expect(await compose(obrien)).toEqual({
          skipped: 'no active demographic field has the email type',
        });
      });
    });

    it('when the first email field (lowest order) has no address, naming it', async () => {
      const [row] = (await app
        .db('demographic_fields')
        .insert({
          identifier: 'billing_email',
          label: 'Billing email',
          field_type: 'email',
          order: 0,
          is_required: false,
        })
        .returning('id')) as { id: number }[];
      const id = row!.id;
      try {
        expect(await compose(obrien)).toEqual({
          skipped: 'the submission has no valid email address in the field "Billing email" (billing_email)',
        });
        // Inactive fields do not count: the next email field is used.
        await app.db('demographic_fields').where({ id }).update({ is_active: false });
        expect(await composed(obrien)).toMatchObject({ to: person.email_address });
      } finally {
        await app.db('demographic_fields').where({ id }).delete();
      }
    });

    it('when the address could be read as more than one recipient', async () => {
      // The visitor form's simple rule lets this through; a mail header would not.
      const id = await submitAs(app, { email_address: 'dana,eve@northwind-it.example' });
      expect(await compose(id)).toEqual({
        skipped: 'the submission has no valid email address in the field "Email Address" (email_address)',
      });
    });
  });

  it('refuses an unknown or malformed submission id as not found', async () => {
    await expect(compose(UNKNOWN_ID)).rejects.toBeInstanceOf(NotFoundError);
    await expect(compose('not-a-uuid')).rejects.toBeInstanceOf(NotFoundError);
  });
});
