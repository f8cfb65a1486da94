import {
  AUDITED_ROUTES,
  allRoutes,
  UNAUDITED_ROUTES,
  type AuditEventList,
  type CreatedApiKey,
  type ErrorBody,
  type Pillar,
} from '@msp/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, submitSignIn, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe('which routes the audit trail covers', () => {
  const names = Object.keys(allRoutes);

  it('names an action or a reason for every route that writes, and an action for every export', () => {
    const accounted = new Set([...Object.keys(AUDITED_ROUTES), ...Object.keys(UNAUDITED_ROUTES)]);
    const writes = Object.entries(allRoutes)
      .filter(([, route]) => route.method !== 'GET')
      .map(([name]) => name);
    expect(writes.filter((name) => !accounted.has(name))).toEqual([]);
    const exports = names.filter((name) => /^(v1)?export/i.test(name));
    expect(exports.length).toBeGreaterThan(3);
    expect(exports.filter((name) => !(name in AUDITED_ROUTES))).toEqual([]);
  });

  it('lists only routes that exist', () => {
    expect(Object.keys(AUDITED_ROUTES).filter((name) => !names.includes(name))).toEqual([]);
    expect(Object.keys(UNAUDITED_ROUTES).filter((name) => !names.includes(name))).toEqual([]);
  });
});

describe.each(testDatabaseKinds)('the audit trail on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  const ADDRESS = '203.0.113.7';

  const asAdmin = <T>(method: string, url: string, payload?: object) =>
    app.request<T & ErrorBody>({ method, url, payload, headers: admin.headers, remoteAddress: ADDRESS });
  const audit = async (query = '') => {
    const response = await asAdmin<AuditEventList>('GET', `/api/admin/audit${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const latest = async (query = '') => (await audit(query)).events[0]!;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(
      app,
      await createTestUser(app.db, { role: 'admin', status: 'approved', email: 'avery@msp.example' }),
    );
  });
  afterAll(() => app?.close());

  it('records who changed which pillar, from where, what changed, in order', async () => {
    const input = { name: 'Audited pillar', description: 'Made by the test', order: 90, isActive: true };
    const created = await asAdmin<Pillar>('POST', '/api/admin/pillars', input);
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(
      (await asAdmin('PUT', `/api/admin/pillars/${id}`, { ...input, name: 'Renamed pillar' })).status,
    ).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/pillars/${id}`)).status).toBe(200);

    const { events } = await audit(`?targetType=pillar&targetId=${id}`);
    expect(events.map((event) => event.action)).toEqual(['pillar.delete', 'pillar.update', 'pillar.create']);
    for (const event of events) {
      expect(event.actor).toEqual({ kind: 'user', id: admin.user.id, name: 'avery@msp.example' });
      expect(event.clientAddress).toBe(ADDRESS);
      expect(event.target).toEqual({ type: 'pillar', id: String(id) });
      expect(Date.now() - Date.parse(event.at)).toBeLessThan(60_000);
    }
    expect(events[1]!.summary).toMatchObject({ name: 'Renamed pillar' });
    expect(events[2]!.summary).toEqual(input);
  });

  it('writes nothing when the change fails, and undoes the change when its record cannot be written', async () => {
    const before = (await audit()).pagination.total;
    expect((await asAdmin('DELETE', '/api/admin/pillars/999999')).status).toBe(404);
    expect((await audit()).pagination.total).toBe(before);

    const [pillar] = await app.db('pillars').select('*').orderBy('id').limit(1);
    // A constraint the record breaks: the change in the same transaction must go with it.
    await app.db.raw(
      "ALTER TABLE audit_events ADD CONSTRAINT refuse_pillar_updates CHECK (action <> 'pillar.update') NOT VALID",
    );
    try {
      const refused = await asAdmin('PUT', `/api/admin/pillars/${pillar.id}`, {
        name: 'Not kept',
        description: pillar.description,
        order: pillar.order,
        isActive: pillar.is_active,
      });
      expect(refused.status).toBe(500);
    } finally {
      await app.db.raw('ALTER TABLE audit_events DROP CONSTRAINT refuse_pillar_updates');
    }
    expect((await app.db('pillars').where({ id: pillar.id }).first()).name).toBe(pillar.name);
    expect((await audit()).pagination.total).toBe(before);
  });

  it('records an API key by its name, never a secret, and keys see the trail only with the admin permission', async () => {
    const userKey = await createTestApiKey(app, 'user_manage');
    const created = await app.request<{ id: number }>({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(userKey.token),
      payload: {
        email: 'casey@msp.example',
        firstName: 'Casey',
        lastName: 'Key',
        role: 'user',
        status: 'pending',
      },
    });
    expect(created.status).toBe(201);
    const event = await latest('?action=user.create');
    expect(event.actor).toEqual({ kind: 'api_key', id: userKey.id, name: userKey.name });
    expect(event.target).toEqual({ type: 'user', id: String(created.body.id) });
    // The user is the target; the record keeps no address or name, which an erasure could not reach.
    expect(event.summary).toEqual({
      email: '(an address at msp.example)',
      firstName: '(hidden)',
      lastName: '(hidden)',
      role: 'user',
      status: 'pending',
    });

    const newKey = await asAdmin<CreatedApiKey>('POST', '/api/admin/api-keys', {
      name: 'CRM sync',
      permissions: ['read'],
    });
    expect(newKey.status).toBe(201);
    const keyEvent = await latest('?action=api_key.create');
    expect(keyEvent.target.id).toBe(String(newKey.body.id));
    const everything = JSON.stringify(await app.db('audit_events').select('*'));
    expect(everything).not.toContain(newKey.body.token);
    expect(everything).not.toContain(userKey.token);

    const readKey = await createTestApiKey(app, 'read');
    expect((await app.request({ url: '/api/v1/audit', headers: bearer(readKey.token) })).status).toBe(403);
    expect((await app.request({ url: '/api/v1/audit', headers: bearer(userKey.token) })).status).toBe(403);
    const adminKey = await createTestApiKey(app, 'admin');
    const listed = await app.request<AuditEventList>({
      url: '/api/v1/audit?pageSize=2',
      headers: bearer(adminKey.token),
    });
    expect(listed.status).toBe(200);
    expect(listed.body.events.map((event) => event.action)).toEqual(['api_key.create', 'user.create']);
    expect(listed.body.pagination.total).toBe(5);
  });

  it('records sign-ins and failed sign-ins, with no password', async () => {
    const password = 'correct horse battery staple';
    const user = await createTestUser(app.db, {
      role: 'admin',
      status: 'approved',
      email: 'dana@msp.example',
      password,
    });
    expect(
      (await submitSignIn(app, 'dana@msp.example', 'wrong password here', '198.51.100.4')).statusCode,
    ).toBe(401);
    expect(
      (await submitSignIn(app, 'nobody@msp.example', 'wrong password here', '198.51.100.4')).statusCode,
    ).toBe(401);
    // A password typed into the email field, and an address of no account: kept for good, so the
    // trail keeps neither, only an address's domain.
    expect((await submitSignIn(app, 'my Secret pass 42', '', '198.51.100.4')).statusCode).toBe(401);
    expect((await submitSignIn(app, 'half@typed', '', '198.51.100.4')).statusCode).toBe(401);
    expect((await submitSignIn(app, 'dana@msp.example', password, '198.51.100.4')).statusCode).toBe(303);

    const failed = (await audit('?action=auth.sign_in_failed')).events;
    expect(failed.map((event) => event.actor)).toEqual([
      { kind: 'anonymous', id: null, name: '(not an email address)' },
      { kind: 'anonymous', id: null, name: '(not an email address)' },
      { kind: 'anonymous', id: null, name: '(an address at msp.example)' },
      { kind: 'user', id: user.id, name: 'dana@msp.example' },
    ]);
    const signIn = await latest('?action=auth.sign_in');
    expect(signIn).toMatchObject({
      actor: { kind: 'user', id: user.id, name: 'dana@msp.example' },
      clientAddress: '198.51.100.4',
    });
    const everything = JSON.stringify(await app.db('audit_events').select('*'));
    expect(everything).not.toContain(password);
    expect(everything).not.toContain('wrong password here');
    expect(everything.toLowerCase()).not.toContain('secret pass');
    expect(everything).not.toContain('half@typed');
    expect(everything).not.toContain('nobody@');
  });

  it('filters by person, action, target and day, a page at a time', async () => {
    const byActor = await audit('?actor=DANA');
    expect(byActor.events.length).toBeGreaterThan(0);
    expect(byActor.events.every((event) => event.actor.name === 'dana@msp.example')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?startDate=${today}&endDate=${today}`)).pagination.total).toBe(
      (await audit()).pagination.total,
    );
    expect((await audit('?endDate=2020-01-01')).events).toEqual([]);

    const pages = await Promise.all([audit('?pageSize=2&page=1'), audit('?pageSize=2&page=2')]);
    const ids = pages.flatMap((page) => page.events.map((event) => event.id));
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    for (const [query, field] of [
      ['?action=pillar.explode', 'action'],
      ['?targetType=planet', 'targetType'],
      ['?pageSize=1000', 'pageSize'],
      ['?startDate=2026-02-30', 'startDate'],
      ['?startDate=2026-05-02&endDate=2026-05-01', 'endDate'],
      ['?actor=', 'actor'],
    ] as const) {
      const refused = await asAdmin('GET', `/api/admin/audit${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.field, query).toBe(`query.${field}`);
    }
  });

  it('exports the matching records as CSV, neutralising formulas, and records the export', async () => {
    const formula = await createTestApiKey(app, 'admin');
    await app.db('api_keys').where({ id: formula.id }).update({ name: '=HYPERLINK("x")' });
    await app.server.plugins['api-keys'].authenticator.invalidate();
    expect(
      (
        await app.request({
          method: 'POST',
          url: '/api/v1/users',
          headers: bearer(formula.token),
          payload: {
            email: 'eli@msp.example',
            firstName: 'Eli',
            lastName: 'Sheet',
            role: 'user',
            status: 'pending',
          },
        })
      ).status,
    ).toBe(201);

    const response = await app.server.inject({
      url: '/api/admin/audit/export?action=user.create',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.payload.startsWith('\uFEFF')).toBe(true);
    const rows = parse(response.payload.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Action)).toEqual(['Added a user', 'Added a user']);
    expect(rows[0]!.Who).toBe(`'=HYPERLINK("x")`);
    expect(rows[1]!.Who).toMatch(/^Test key/);
    expect(JSON.parse(rows[0]!.Details!)).toMatchObject({ email: '(an address at msp.example)' });

    const exported = await latest('?action=audit.export');
    expect(exported.actor.id).toBe(admin.user.id);
    expect(exported.summary).toEqual({ action: 'user.create' });
  });

  it('cannot be changed or deleted, through the product or in the database', async () => {
    const { events } = await audit('?pageSize=1');
    const id = events[0]!.id;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await asAdmin(method, `/api/admin/audit/${id}`, {})).status).toBe(404);
    }
    await expect(app.db('audit_events').where({ id }).update({ actor_name: 'someone else' })).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(app.db('audit_events').where({ id }).delete()).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(app.db.raw('TRUNCATE audit_events')).rejects.toThrow(/cannot be changed or deleted/);
    const after = (await audit('?pageSize=1')).events;
    expect(after[0]!.id).toBeGreaterThanOrEqual(id);
    expect((await app.db('audit_events').where({ id }).first()).actor_name).toBe(events[0]!.actor.name);
  });
});
