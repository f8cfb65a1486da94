import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogoState } from '@msp/shared';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#f5c400"/></svg>';

describe.each(testDatabaseKinds)('the results email in the brand, on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { PUBLIC_URL: 'https://assess.msp.example' } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  const outboxEmails = async () => {
    const outbox = path.join(app.config.dataDir, 'outbox');
    const files = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
    return Promise.all(files.map((name) => readFile(path.join(outbox, name), 'utf8')));
  };

  it("puts the shipped template's button in the product's colour and no logo by default", async () => {
    const id = await submitAs(app, { email_address: 'plain@brand.example' });
    const { body } = await app.request<{ html: string }>({
      url: `/api/admin/submissions/${id}/email-preview`,
      headers: admin.headers,
    });
    expect(body.html).toContain('background-color:#215db0;border-radius:4px;');
    expect(body.html).toContain('color:#ffffff;text-decoration:none;');
    expect(body.html).not.toContain('/api/branding/logo/');
  });

  it('sends the logo at its absolute address above the content, and the button in the accent with readable text', async () => {
    const logo = await app.request<LogoState>({
      method: 'PUT',
      url: '/api/admin/branding/logo',
      headers: admin.headers,
      payload: { type: 'image/svg+xml', data: Buffer.from(LOGO_SVG).toString('base64') },
    });
    await app.request({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { accentColor: '#f5c400', providerName: 'Northwind IT' },
    });
    const logoUrl = `https://assess.msp.example${logo.body.logo!.url}`;

    const id = await submitAs(app, { email_address: 'branded@brand.example' });
    const { body } = await app.request<{ html: string }>({
      url: `/api/admin/submissions/${id}/email-preview`,
      headers: admin.headers,
    });
    expect(body.html).toMatch(
      new RegExp(`<body[^>]*><div style="text-align:center;[^"]*"><img src="${logoUrl}" alt="Northwind IT"`),
    );
    // A yellow too light for white text: the text on it is dark.
    expect(body.html).toContain('background-color:#f5c400;border-radius:4px;');
    expect(body.html).toContain('color:#1c2127;text-decoration:none;');

    // The email itself, as sent, is the same.
    await eventually(
      async () => (await outboxEmails()).some((mail) => mail.includes('branded@brand.example')),
      {
        timeoutMs: 10_000,
        what: 'the results email in the outbox',
      },
    );
    const sent = (await outboxEmails()).find((mail) => mail.includes('branded@brand.example'))!;
    const unfolded = sent.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain(logoUrl);
    expect(unfolded).toContain('background-color:#f5c400');
  });
});
