import type { ErrorBody, User } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('user management on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;

  const call = <T = User & ErrorBody>(method: string, url: string, payload?: object) =>
    app.request<T>({ method, url, payload, headers: admin.headers });

  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false, config: { founderEmail: 'founder@msp.example' } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  it('creates a user with the defaults: role user, status pending', async () => {
    const { status, body } = await call('POST', '/api/admin/users', {
      email: '  New.Person@MSP.example ',
      firstName: 'New',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      email: 'new.person@msp.example',
      firstName: 'New',
      lastName: null,
      role: 'user',
      status: 'pending',
      isFounder: false,
      approvedAt: null,
    });
    const list = await call<User[]>('GET', '/api/admin/users');
    expect(list.body.map((u) => u.email)).toContain('new.person@msp.example');
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{}, 'email', 'Please enter a valid email address'],
    [{ email: 'a@msp.example', role: 'superadmin' }, 'role', ''],
    [{ email: 'a@msp.example', status: 'active' }, 'status', ''],
    [{ email: 'a@msp.example', firstName: 'x'.repeat(101) }, 'firstName', ''],
    [{ email: 'a@msp.example', isFounder: true }, 'body', ''],
  ])('refuses %j with a 400 naming %s, creating nobody', async (payload, field, message) => {
    const before = await app.db('users').count<{ count: string }[]>({ count: '*' });
    const { status, body } = await call('POST', '/api/admin/users', payload);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    if (message) expect(body.message).toContain(message);
    const after = await app.db('users').count<{ count: string }[]>({ count: '*' });
    expect(Number(after[0]!.count)).toBe(Number(before[0]!.count));
  });

  it('refuses a second user with the same email, whatever its case', async () => {
    await call('POST', '/api/admin/users', { email: 'twice@msp.example' });
    const { status, body } = await call('POST', '/api/admin/users', { email: 'TWICE@msp.example' });
    expect(status).toBe(409);
    expect(body.message).toBe('A user with this email already exists');
  });

  it('approves and denies pending users, recording when they were approved', async () => {
    const pending = await createTestUser(app.db);
    const approved = await call('PATCH', `/api/admin/users/${pending.id}/status`, { status: 'approved' });
    expect(approved.body).toMatchObject({ status: 'approved' });
    expect(approved.body.approvedAt).toBeTruthy();
    const other = await createTestUser(app.db);
    const denied = await call('PATCH', `/api/admin/users/${other.id}/status`, { status: 'denied' });
    expect(denied.body).toMatchObject({ status: 'denied', approvedAt: null });
  });

  it('changes the role of approved users only', async () => {
    const approved = await createTestUser(app.db, { status: 'approved' });
    const promoted = await call('PATCH', `/api/admin/users/${approved.id}/role`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('admin');

    const pending = await createTestUser(app.db, { status: 'pending' });
    const refused = await call('PATCH', `/api/admin/users/${pending.id}/role`, { role: 'admin' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only approved users can have their role changed');
    expect((await app.db('users').where({ id: pending.id }).first()).role).toBe('user');
  });

  it("refuses to change the founder's role or status, whoever asks", async () => {
    const created = await call('POST', '/api/admin/users', {
      email: 'Founder@msp.example',
      role: 'user',
      status: 'pending',
    });
    expect(created.body).toMatchObject({ isFounder: true, role: 'admin', status: 'approved' });
    const role = await call('PATCH', `/api/admin/users/${created.body.id}/role`, { role: 'user' });
    expect(role.status).toBe(409);
    expect(role.body.message).toBe("The founder's role cannot be changed");
    const status = await call('PATCH', `/api/admin/users/${created.body.id}/status`, { status: 'denied' });
    expect(status.status).toBe(409);
    expect(await app.db('users').where({ id: created.body.id }).first()).toMatchObject({
      role: 'admin',
      status: 'approved',
    });
  });

  it('does not let admins lock themselves out', async () => {
    const role = await call('PATCH', `/api/admin/users/${admin.user.id}/role`, { role: 'user' });
    expect(role.status).toBe(409);
    const status = await call('PATCH', `/api/admin/users/${admin.user.id}/status`, { status: 'denied' });
    expect(status.status).toBe(409);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await call('PATCH', '/api/admin/users/999999/status', { status: 'approved' })).status).toBe(404);
    const malformed = await call('PATCH', '/api/admin/users/abc/status', { status: 'approved' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('params.userId');
    const badStatus = await call('PATCH', `/api/admin/users/${admin.user.id}/status`, { status: 'maybe' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.field).toBe('status');
  });
});
