import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorBody, PublicConfig, SiteSetting, SiteSettings } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { DEFAULT_PRIVACY_NOTICE } from './settings-service.js';

const URL = '/api/admin/settings';

describe.each(testDatabaseKinds)('the site settings on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  const call = <T = SiteSettings & ErrorBody>(method: string, payload?: object) =>
    app.request<T>({ method, url: URL, payload, headers: admin.headers });
  const publicConfig = async () => (await app.request<PublicConfig>({ url: '/api/config' })).body;
  const setting = (body: SiteSettings, key: SiteSetting['key']) =>
    body.settings.find((one) => one.key === key)!;
  const audits = () => app.db('audit_events').where({ action: 'settings.update' }).orderBy('id');

  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false, env: { PUBLIC_URL: 'https://assess.msp.example' } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  it('starts on defaults that point back at the site itself, with the default privacy notice', async () => {
    const { status, body } = await call('GET');
    expect(status).toBe(200);
    expect(setting(body, 'privacyUrl')).toEqual({
      key: 'privacyUrl',
      section: 'provider',
      value: 'https://assess.msp.example/',
      source: 'default',
      environmentVariable: 'PRIVACY_URL',
      defaultValue: 'https://assess.msp.example/',
    });
    expect(setting(body, 'questionOrder')).toMatchObject({ section: 'assessment', value: 'random' });
    expect(await publicConfig()).toMatchObject({
      privacyUrl: 'https://assess.msp.example/',
      impactUrl: 'https://assess.msp.example/',
      callToActionUrl: 'https://assess.msp.example/',
      callToActionLabel: 'Learn About Automation Maturity',
      privacyNotice: DEFAULT_PRIVACY_NOTICE,
      questionOrder: 'random',
      reminderDays: 90,
    });
  });

  it('saves the provider, its links, the call to action and the order; visitors read them at once', async () => {
    const before = await publicConfig();
    const { status, body } = await call('PUT', {
      providerName: '  Northwind IT  ',
      providerUrl: 'https://northwind.example/',
      privacyUrl: 'https://northwind.example/privacy',
      callToActionLabel: 'Book a roadmap call',
      privacyNotice: 'Northwind IT emails you your results.\r\nNothing else.',
      questionOrder: 'fixed',
    });
    expect(status).toBe(200);
    expect(setting(body, 'providerName')).toMatchObject({ value: 'Northwind IT', source: 'saved' });
    // Links not set follow the provider's site, and the call to action its name.
    expect(setting(body, 'termsUrl')).toMatchObject({
      value: 'https://northwind.example/',
      source: 'default',
    });
    expect(await publicConfig()).toEqual({
      ...before,
      providerName: 'Northwind IT',
      providerUrl: 'https://northwind.example/',
      privacyUrl: 'https://northwind.example/privacy',
      termsUrl: 'https://northwind.example/',
      aboutUrl: 'https://northwind.example/',
      impactUrl: 'https://northwind.example/',
      callToActionLabel: 'Book a roadmap call',
      callToActionUrl: 'https://northwind.example/',
      privacyNotice: 'Northwind IT emails you your results.\nNothing else.',
      questionOrder: 'fixed',
    });
    const [record] = await audits();
    expect(record).toMatchObject({ target_type: 'settings' });
    expect(JSON.stringify(record.summary)).toContain('https://northwind.example/privacy');
  });

  it('keeps the accent colour as lowercase #rrggbb, and the report settings, under their sections', async () => {
    const initial = (await call('GET')).body;
    expect(setting(initial, 'accentColor')).toMatchObject({
      section: 'branding',
      value: '#215db0',
      source: 'default',
      defaultValue: '#215db0',
    });
    expect(setting(initial, 'reportInEmail')).toMatchObject({ section: 'report', value: 'attach' });
    expect(setting(initial, 'reportPaperSize')).toMatchObject({ section: 'report', value: 'a4' });

    const { status, body } = await call('PUT', {
      accentColor: ' #0A7 ',
      reportInEmail: 'link',
      reportPaperSize: 'letter',
    });
    expect(status).toBe(200);
    expect(setting(body, 'accentColor')).toMatchObject({ value: '#00aa77', source: 'saved' });
    expect(await app.db('site_settings').where({ key: 'accentColor' }).first()).toMatchObject({
      section: 'branding',
      value: '#00aa77',
    });
    expect(setting(body, 'reportInEmail')).toMatchObject({ value: 'link', source: 'saved' });
    expect(setting(body, 'reportPaperSize')).toMatchObject({ value: 'letter', source: 'saved' });
    const record = (await audits()).at(-1);
    expect(record.summary).toEqual({
      accentColor: '#00aa77',
      reportInEmail: 'link',
      reportPaperSize: 'letter',
    });

    await call('PUT', { accentColor: '#B00B1E' });
    expect(setting((await call('GET')).body, 'accentColor').value).toBe('#b00b1e');
    const reset = (await call('PUT', { accentColor: '', reportInEmail: '', reportPaperSize: '' })).body;
    expect(setting(reset, 'accentColor')).toMatchObject({ value: '#215db0', source: 'default' });
    expect(setting(reset, 'reportInEmail')).toMatchObject({ value: 'attach', source: 'default' });
    expect(setting(reset, 'reportPaperSize')).toMatchObject({ value: 'a4', source: 'default' });
  });

  it('keeps the reminder days a whole number from 30 to 365, which visitors are told', async () => {
    expect(setting((await call('GET')).body, 'reminderDays')).toMatchObject({
      section: 'assessment',
      value: '90',
      source: 'default',
    });
    for (const days of ['29', '366', '45.5', 'soon']) {
      const refused = await call('PUT', { reminderDays: days });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('reminderDays: must be a whole number of days from 30 to 365');
    }
    expect(await app.db('site_settings').where({ key: 'reminderDays' }).first()).toBeUndefined();
    expect((await call('PUT', { reminderDays: ' 180 ' })).status).toBe(200);
    expect(await publicConfig()).toMatchObject({ reminderDays: 180 });
    await call('PUT', { reminderDays: '' });
    expect(await publicConfig()).toMatchObject({ reminderDays: 90 });
  });

  it('puts a setting back to its default with an empty text', async () => {
    const { body } = await call('PUT', { privacyUrl: '', questionOrder: '' });
    expect(setting(body, 'privacyUrl')).toMatchObject({
      value: 'https://northwind.example/',
      source: 'default',
    });
    expect((await publicConfig()).questionOrder).toBe('random');
    expect(await app.db('site_settings').where({ key: 'privacyUrl' })).toEqual([]);
  });

  it.each([
    [
      { privacyUrl: 'javascript:alert(1)' },
      'privacyUrl',
      'must be a web address starting with https:// or http://',
    ],
    [
      { impactUrl: 'northwind.example' },
      'impactUrl',
      'must be a web address starting with https:// or http://',
    ],
    [{ callToActionLabel: 'x'.repeat(61) }, 'callToActionLabel', 'must be at most 60 characters'],
    [{ providerName: 'Northwind <b>IT</b>' }, 'providerName', 'must be plain text, without HTML tags'],
    [{ mailFrom: 'nobody' }, 'mailFrom', 'must be an address such as "Name <noreply@example.com>"'],
    [{ questionOrder: 'alphabetical' }, 'questionOrder', 'must be random or fixed'],
    [{ accentColor: 'blue' }, 'accentColor', 'must be a colour such as #215db0'],
    [{ accentColor: '#12345' }, 'accentColor', 'must be a colour such as #215db0'],
    [{ accentColor: '#ggg' }, 'accentColor', 'must be a colour such as #215db0'],
    [{ accentColor: '215db0' }, 'accentColor', 'must be a colour such as #215db0'],
    [{ reportInEmail: 'fax' }, 'reportInEmail', 'must be attach, link or none'],
    [{ reportPaperSize: 'a3' }, 'reportPaperSize', 'must be a4 or letter'],
    [{ colour: 'red' }, 'body', null],
    [{}, 'body', 'give at least one setting'],
  ])('refuses %j with a 400 naming %s, and writes nothing', async (payload, field, message) => {
    const rowsBefore = await app.db('site_settings').orderBy('key');
    const auditsBefore = (await audits()).length;
    const { status, body } = await call<ErrorBody>('PUT', payload);
    expect(status).toBe(400);
    expect(body.issues?.[0]?.field ?? 'body').toBe(field);
    if (message) expect(body.message).toContain(message);
    expect(await app.db('site_settings').orderBy('key')).toEqual(rowsBefore);
    expect(await audits()).toHaveLength(auditsBefore);
  });

  it('sends email from the sender saved here', async () => {
    await call('PUT', { mailFrom: 'Northwind IT <results@northwind.example>' });
    const sent = await app.request({
      method: 'POST',
      url: '/api/admin/integrations/test-email',
      headers: admin.headers,
    });
    expect(sent.status).toBe(200);
    const outbox = path.join(app.config.dataDir, 'outbox');
    const [file] = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(await readFile(path.join(outbox, file!), 'utf8')).toMatch(
      /^From: Northwind IT <results@northwind\.example>/m,
    );
  });

  it('is for approved admins only', async () => {
    expect((await app.request({ url: URL })).status).toBe(401);
    const member = await signedInAs(app, await createTestUser(app.db, { role: 'user', status: 'approved' }));
    expect((await app.request({ url: URL, headers: member.headers })).status).toBe(403);
  });
});

describe.each(testDatabaseKinds)('settings the environment sets, on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(kind, {
      seed: false,
      env: { PRIVACY_URL: 'https://env.example/privacy', MAIL_FROM: 'Env <env@env.example>' },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  it('wins over the screen, which shows them locked and refuses to change them', async () => {
    const { body } = await app.request<SiteSettings>({ url: URL, headers: admin.headers });
    const privacy = body.settings.find((one) => one.key === 'privacyUrl')!;
    expect(privacy).toMatchObject({ value: 'https://env.example/privacy', source: 'environment' });
    const refused = await app.request<ErrorBody>({
      method: 'PUT',
      url: URL,
      headers: admin.headers,
      payload: { termsUrl: 'https://saved.example/terms', privacyUrl: 'https://saved.example/privacy' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      {
        field: 'privacyUrl',
        message: "is set by PRIVACY_URL in the server's environment, so it cannot be changed here",
      },
    ]);
    // Nothing of the request is kept, not even the setting that was free to change.
    expect(await app.db('site_settings')).toEqual([]);
    expect((await app.request<PublicConfig>({ url: '/api/config' })).body.privacyUrl).toBe(
      'https://env.example/privacy',
    );
  });
});
