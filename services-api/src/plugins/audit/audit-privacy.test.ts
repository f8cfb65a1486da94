import {
  AUDIT_ACTIONS,
  type AuditAction,
  type ContentDocument,
  type CreatedApiKey,
  type UserInvite,
} from '@msp/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSetupLink } from '../auth/setup-link.js';
import { cookieSecret } from '../auth/app-secrets.js';
import { UnsubscribeTokens } from '../notifications/unsubscribe-token.js';
import { createLogger } from '../../logger.js';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { startHubSpotServer, type TestHubSpotServer } from '../../test/hubspot-server.js';
import { cookiesOf, signedInAs, submitSignIn } from '../../test/auth-helpers.js';
import { nextAddress, openInvite } from '../../test/invite-helpers.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

/**
 * Every audited route, and every other way a record is written, driven with email addresses in
 * whatever text it takes and people's names in its name fields; then every record is read back
 * from the list and from the CSV export. The trail outlives a person's erasure and can never be
 * edited, so none may hold an address or a name: only domains, counts and ids.
 */

/** A person whose name and addresses must never reach the trail. */
const FIRST = 'Ximena';
const LAST = 'Quillfeather';
const at = (local: string, domain = 'client.example') => `${local}@${domain}`;
const PASSWORD = 'lantern orbit tulip gravel';

/** Written outside any request, by something this test cannot start, with why it is safe. */
const NOT_DRIVEN: Partial<Record<AuditAction, string>> = {
  'user.console_admin': 'written by the admin:create command at the console, with no summary (cli.test.ts)',
};

interface AuditRow {
  action: AuditAction;
  summary: Record<string, unknown>;
  actor_kind: string;
  actor_name: string;
}

/** An address anywhere in a text: something other than a space or @ on each side of an @. */
const ADDRESS = /[^\s@]@[^\s@]/;
const NAME_FIELD = /^(first|last|full)_?name$/i;

/** What is wrong with a record's details, by the rule; an empty list when nothing is. */
function breaches(details: Record<string, unknown>): string[] {
  const text = JSON.stringify(details);
  return [
    ...(ADDRESS.test(text) ? [`an address in ${text}`] : []),
    ...(new RegExp(`${FIRST}|${LAST}`, 'i').test(text) ? [`a name in ${text}`] : []),
    ...Object.entries(details)
      .filter(([field, value]) => NAME_FIELD.test(field) && value !== '(hidden)' && value !== null)
      .map(([field]) => `the value of ${field}`),
  ];
}

describe.each(testDatabaseKinds)('what the audit trail keeps of people on $name', (kind) => {
  let app: TestApp;
  let hubspot: TestHubSpotServer;
  let admin: Record<string, string>;
  const keys: Record<string, CreatedApiKey> = {};
  let count = 0;
  const unique = () => `${Date.now().toString(36)}${++count}`;

  /** A call that must succeed; its answer's body. */
  async function call<T = unknown>(method: string, url: string, payload?: object, headers = admin) {
    const response = await app.request<T>({ method, url, payload, headers });
    expect(response.status, `${method} ${url}: ${JSON.stringify(response.body).slice(0, 300)}`).toBeLessThan(
      400,
    );
    return response.body;
  }

  beforeAll(async () => {
    hubspot = await startHubSpotServer();
    app = await startTestApp(kind, {
      env: {
        HUBSPOT_API_URL: hubspot.baseUrl,
        WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
        WEBHOOK_SECRET: `whsec_${'A'.repeat(43)}=`,
        SUBMISSION_RETENTION_DAYS: '3650',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await hubspot?.close();
  });

  /** The founder set up through the setup page, named and addressed like the person above. */
  async function setUpFounder() {
    const link = new URL((await issueSetupLink(app.db, app.config.publicUrl))!);
    const page = await app.server.inject({ url: link.pathname + link.search });
    const crumb = cookiesOf(page.headers).crumb!;
    const fields = {
      firstName: FIRST,
      lastName: LAST,
      email: at('ximena', 'msp.example'),
      password: PASSWORD,
    };
    const token = link.searchParams.get('token')!;
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/setup',
      headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb, token, ...fields }).toString(),
    });
    expect(created.statusCode).toBe(303);
    const founder = await app.db('users').where({ email: fields.email }).first();
    admin = (await signedInAs(app, founder)).headers;
  }

  async function signInAndOut() {
    const address = nextAddress();
    expect((await submitSignIn(app, at('ximena', 'msp.example'), PASSWORD, address)).statusCode).toBe(303);
    // A password typed into the email field, and an address of no account.
    expect((await submitSignIn(app, `${FIRST} ${LAST} secret`, '', address)).statusCode).toBe(401);
    expect((await submitSignIn(app, at('nobody'), 'wrong password here', address)).statusCode).toBe(401);
    const founder = await app
      .db('users')
      .where({ email: at('ximena', 'msp.example') })
      .first();
    const session = await signedInAs(app, founder);
    expect((await app.server.inject({ url: '/api/logout', headers: session.headers })).statusCode).toBe(302);
  }

  async function editContent() {
    const contact = `Ask ${at('ximena.q')} or "${at('help', 'msp.example')}".`;
    const exported = await call<ContentDocument>('GET', '/api/admin/content/export');
    const template = { ...exported.emailTemplates[0]!, htmlBody: `<p>${contact}</p>` };
    await call('POST', '/api/admin/content/import', { ...exported, emailTemplates: [template] });

    const pillar = { name: `Pillar ${unique()}`, description: contact, order: 90, isActive: false };
    const { id: pillarId } = await call<{ id: number }>('POST', '/api/admin/pillars', pillar);
    await call('PUT', `/api/admin/pillars/${pillarId}`, { ...pillar, name: at('pillar') });
    const answer = (order: number) => ({
      answer: { text: at(`answer${order}`), description: contact, order },
      pointAllocations: [{ pillarId, points: order }],
    });
    const question = {
      question: { text: contact, pillarId, order: 30, isActive: false },
      answers: [answer(1), answer(2)],
    };
    const { id: questionId } = await call<{ id: number }>('POST', '/api/admin/questions', question);
    await call('PUT', `/api/admin/questions/${questionId}`, question);
    await call('DELETE', `/api/admin/questions/${questionId}`);
    await call('PUT', `/api/admin/matrix-cells/upsert/${pillarId}/2`, {
      shortDescription: contact,
      detailedContent: contact,
      requirements: contact,
      examples: contact,
      metrics: contact,
      nextSteps: contact,
    });
    await call('DELETE', `/api/admin/pillars/${pillarId}`);

    const field = {
      identifier: `field_${unique()}`,
      label: contact.slice(0, 60),
      fieldType: 'select',
      options: [at('one'), at('two')],
      order: 40,
      isRequired: false,
      isActive: false,
    };
    const { id: fieldId } = await call<{ id: number }>('POST', '/api/admin/demographic-fields', field);
    await call('PATCH', `/api/admin/demographic-fields/${fieldId}`, { ...field, label: at('label') });
    await call('DELETE', `/api/admin/demographic-fields/${fieldId}`);
    await call('PUT', '/api/admin/consent-statement', { text: `I agree. ${contact}` });

    const email = {
      name: `Template ${unique()}`,
      subject: contact,
      htmlBody: `<p>${contact}</p>`,
      isActive: false,
    };
    const { id: templateId } = await call<{ id: number }>('POST', '/api/admin/email-templates', email);
    await call('PUT', `/api/admin/email-templates/${templateId}`, { ...email, name: at('template') });
    await call('DELETE', `/api/admin/email-templates/${templateId}`);
  }

  async function actOnSubmissions() {
    const submitters = ['ximena.q', 'lee', 'sam'].map((local) => at(local));
    const ids: string[] = [];
    for (const email of submitters) {
      ids.push(await submitAs(app, { email_address: email, first_name: FIRST, last_name: LAST }));
    }
    const filter = `domain=client.example&submitterEmails=${encodeURIComponent(submitters.join(','))}`;
    await call('GET', `/api/admin/submissions/export/csv?${filter}`);
    await call('GET', `/api/v1/submissions/export?${filter}`, undefined, bearer(keys.read!.token));
    await call('GET', '/api/admin/submissions/export/csv?domain=client.example');
    await call('GET', `/api/admin/submissions/${ids[0]}/export`);
    // A search of the saved drafts by a person's name or address: the record says one was given.
    await call('GET', `/api/admin/drafts/export/csv?search=${encodeURIComponent(LAST)}`);
    await call('GET', `/api/admin/drafts/export/csv?search=${encodeURIComponent(submitters[0]!)}`);
    await call('GET', `/api/admin/organisations/export?search=${encodeURIComponent(submitters[0]!)}`);
    // The team report of the submitters' company: the record names the domain, never its members.
    await call('GET', '/api/admin/organisations/client.example/report.pdf');
    await workLeads(ids[0]!);
    await call('POST', `/api/admin/submissions/${ids[0]}/clear-ai`);
    await call('POST', `/api/admin/submissions/${ids[0]}/resend-webhook`);
    await call('DELETE', `/api/admin/submissions/${ids[0]}`);

    const query = `email=${encodeURIComponent(submitters[1]!)}`;
    await call('GET', `/api/admin/personal-data/export?${query}`);
    await call('GET', `/api/v1/personal-data?${query}`, undefined, bearer(keys.read!.token));
    await call('POST', '/api/admin/personal-data/delete', { email: submitters[1] });
    await call('POST', '/api/v1/personal-data/delete', { email: submitters[2] }, bearer(keys.admin!.token));
  }

  /** The lead desk: notes hold whatever is typed, statuses whatever they are named. */
  async function workLeads(id: string) {
    const owner = (await app.db('users').where({ role: 'admin', status: 'approved' }).first('id')) as {
      id: number;
    };
    const { statuses } = await call<{ statuses: { id: number; name: string; isDefault: boolean }[] }>(
      'GET',
      '/api/admin/lead-statuses',
    );
    await call('PUT', '/api/admin/lead-statuses', {
      statuses: [
        ...statuses.map(({ id, name, isDefault }) => ({ id, name, isDefault })),
        { name: `Ask ${at('ximena.q')}`, isDefault: false },
      ],
    });
    const statusId = statuses[1]!.id;
    await call('PATCH', `/api/admin/submissions/${id}/lead`, {
      statusId,
      ownerId: owner.id,
      nextStepOn: '2026-12-08',
    });
    await call('PATCH', `/api/v1/submissions/${id}`, { nextStepOn: null }, bearer(keys.admin!.token));
    await call('POST', '/api/admin/submissions/leads', { submissionIds: [id], statusId: statuses[0]!.id });
    const text = `Spoke to ${FIRST} ${LAST} (${at('ximena.q')})`;
    const note = await call<{ id: number }>('POST', `/api/admin/submissions/${id}/notes`, { text });
    await call('PATCH', `/api/admin/submissions/${id}/notes/${note.id}`, { text: `${text}, again` });
    await call('POST', `/api/v1/submissions/${id}/notes`, { text }, bearer(keys.admin!.token));
  }

  async function manageUsers() {
    const person = { firstName: FIRST, lastName: LAST, role: 'user', status: 'pending' };
    const user = await call<{ id: number }>('POST', '/api/admin/users', {
      ...person,
      email: at(`new.${unique()}`),
    });
    await call('PATCH', `/api/admin/users/${user.id}/status`, { status: 'approved' });
    await call('PATCH', `/api/admin/users/${user.id}/role`, { role: 'admin' });
    const invite = await call<UserInvite>('POST', `/api/admin/users/${user.id}/invite`);
    expect((await (await openInvite(app, invite.url)).submit(PASSWORD)).statusCode).toBe(303);
    // The same again is a reset: the user has a password now.
    const reset = await call<UserInvite>('POST', `/api/admin/users/${user.id}/invite`);
    expect((await (await openInvite(app, reset.url)).submit(`${PASSWORD} again`)).statusCode).toBe(303);

    const manager = bearer(keys.user_manage!.token);
    const made = await call<{ id: number }>(
      'POST',
      '/api/v1/users',
      { ...person, email: at(`key.${unique()}`) },
      manager,
    );
    await call('PUT', `/api/v1/users/${made.id}`, { firstName: LAST, lastName: FIRST }, manager);
  }

  async function manageKeysAndIntegrations() {
    const key = await call<CreatedApiKey>('POST', '/api/admin/api-keys', {
      name: `Sync for ${at('ximena.q')}`,
      permissions: ['read'],
    });
    await call('PUT', `/api/admin/api-keys/${key.id}`, { name: at('renamed'), isActive: false });
    await call('DELETE', `/api/admin/api-keys/${key.id}`);
    await call('POST', '/api/admin/integrations/test-email');
    await call('POST', '/api/admin/integrations/test-webhook');
    // A chat webhook's URL is its secret; a filter's values may be a person's company.
    await call('PUT', '/api/admin/integrations/chat-webhook', {
      kind: 'slack',
      url: `https://hooks.slack.com/services/${FIRST}/${LAST}/${encodeURIComponent(at('ximena.q'))}`,
    });
    await call('POST', '/api/admin/integrations/chat-webhook/test');
    await call('DELETE', '/api/admin/integrations/chat-webhook');
    await call('PUT', '/api/admin/profile/notifications', {
      mode: 'matching',
      filter: { source: at('ximena.q'), demographics: { company: `${FIRST} ${LAST} Ltd` } },
    });
    const founder = (await app.db('users').where({ role: 'admin', status: 'approved' }).first('id')) as {
      id: number;
    };
    const tokens = new UnsubscribeTokens(
      await cookieSecret(app.db, app.config.sessionSecret, createLogger('silent')),
    );
    await call('POST', `/api/notifications/unsubscribe?token=${tokens.issue(founder.id)}`, undefined, {});
    // The mail sender may name a person: "Ximena Quillfeather <ximena.q@…>".
    await call('PUT', '/api/admin/settings', {
      mailFrom: `"${FIRST} ${LAST}" <${at('ximena.q')}>`,
      privacyNotice: `Questions? Write to ${at('ximena.q')}.`,
    });
    // A logo drawn by a person may carry their name and address in its metadata.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><title>${FIRST} ${LAST} ${at('ximena.q')}</title><rect width="8" height="8"/></svg>`;
    await call('PUT', '/api/admin/branding/logo', {
      type: 'image/svg+xml',
      data: Buffer.from(svg).toString('base64'),
    });
    await call('DELETE', '/api/admin/branding/logo');
    const actor = `actor=${encodeURIComponent(at('ximena', 'msp.example'))}`;
    await call('GET', `/api/admin/audit/export?${actor}`);
    await call('GET', `/api/v1/audit/export?${actor}`, undefined, bearer(keys.admin!.token));
  }

  /** HubSpot connected, set up and let go: its records name the account, never the token. */
  async function manageHubSpot() {
    const base = '/api/admin/integrations/hubspot';
    await call('PUT', `${base}/connection`, { accessToken: hubspot.accessToken });
    await call('POST', `${base}/properties`);
    await call('PUT', `${base}/mapping`, { mapping: { overall_level: 'msp_overall_level' } });
    await call('PUT', `${base}/sync`, { enabled: false });
    await call('POST', `${base}/backfill`);
    await call('DELETE', `${base}/connection`);
  }

  async function manageLanguages() {
    await call('POST', '/api/admin/languages', { tag: 'fr' });
    // A translation may hold an address; its record names the text, never its words.
    await call('PUT', '/api/admin/translations/fr/pillar.processes.name', {
      text: `Écrire à ${at('ximena.q')}`,
    });
    await call('GET', '/api/admin/translations/fr/export?format=csv');
    await app.server.inject({
      method: 'POST',
      url: '/api/admin/translations/fr/import?format=csv',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: `unit,target\r\npillar.tooling.name,"${FIRST} ${LAST} <${at('ximena.q')}>"\r\n`,
    });
    await call('PUT', '/api/admin/languages/en');
    await call('DELETE', '/api/admin/languages/fr');
  }

  it(
    'keeps no address and no name in any record of any action, in the list or the export',
    { timeout: 180_000 },
    async () => {
      await setUpFounder();
      for (const permission of ['read', 'admin', 'user_manage'] as const) {
        keys[permission] = await createTestApiKey(app, permission);
      }
      await signInAndOut();
      // Submitted before a consent statement is set, which the visitors would have to tick.
      await actOnSubmissions();
      await editContent();
      await manageUsers();
      await manageKeysAndIntegrations();
      await manageHubSpot();
      await manageLanguages();
      await eventually(
        async () => (await app.db('audit_events').where({ action: 'submission.retention' })).length > 0,
        {
          what: 'the retention run at the start',
        },
      );

      const rows: AuditRow[] = await app
        .db('audit_events')
        .select('action', 'summary', 'actor_kind', 'actor_name');
      const recorded = new Set(rows.map((row) => row.action));
      const missing = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((action) => !recorded.has(action));
      expect(missing).toEqual(Object.keys(NOT_DRIVEN));
      for (const row of rows) expect(breaches(row.summary), row.action).toEqual([]);
      expect(JSON.stringify(rows)).not.toContain(hubspot.accessToken);
      // Someone not signed in is named by what they typed, which may be anything.
      for (const row of rows.filter((row) => row.actor_kind === 'anonymous')) {
        expect(breaches({ actor: row.actor_name }), row.action).toEqual([]);
      }

      const csv = await app.server.inject({ url: '/api/admin/audit/export', headers: admin });
      const exported = parse(csv.payload.slice(1), { columns: true }) as Record<string, string>[];
      expect(exported.length).toBeGreaterThanOrEqual(rows.length);
      for (const row of exported) {
        expect(breaches(row.Details ? JSON.parse(row.Details) : {}), row.Action).toEqual([]);
      }
    },
  );

  it('records an export limited to submitters by how many and where, and one that is not without them', async () => {
    const exports = await app
      .db('audit_events')
      .where({ action: 'submission.export' })
      .orderBy('id')
      .select('summary');
    expect(exports.map((row) => row.summary)).toEqual([
      expect.objectContaining({ domain: 'client.example', submitterEmails: '3 addresses at client.example' }),
      expect.objectContaining({ domain: 'client.example', submitterEmails: '3 addresses at client.example' }),
      expect.not.objectContaining({ submitterEmails: expect.anything() }),
    ]);
    const [failed] = await app.db('audit_events').where({ action: 'auth.sign_in_failed' }).orderBy('id');
    expect(failed.actor_name).toBe('(not an email address)');
  });
});
