import {
  API_KEY_NAME_REQUIRED,
  ErrorBody,
  type ApiKey,
  type CreatedApiKey,
  type OpenApiDocument,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/knex.js';
import { createLogger } from '../../logger.js';
import { createServer } from '../../server.js';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { postgresTestDatabase, testDatabaseKinds } from '../../test/test-database.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';
import { checksumOf, generateToken, hashToken, isWellFormedToken } from './api-key-token.js';
import { INVALID_API_KEY_MESSAGE } from './index.js';

/** The token with one character of its random part changed: its checksum no longer matches. */
function flipOne(token: string): string {
  const at = 10;
  const swapped = token[at] === 'a' ? 'b' : 'a';
  return token.slice(0, at) + swapped + token.slice(at + 1);
}

describe('API key tokens', () => {
  it('are msp_, 22 random base62 characters and a 6-character checksum', () => {
    const token = generateToken();
    expect(token).toMatch(/^msp_[0-9A-Za-z]{28}$/);
    expect(isWellFormedToken(token)).toBe(true);
    expect(token.slice(-6)).toBe(checksumOf(token.slice(4, 26)));
  });

  it('are different every time', () => {
    const tokens = new Set(Array.from({ length: 500 }, generateToken));
    expect(tokens.size).toBe(500);
  });

  it('are refused without a lookup when a character is changed, the prefix is wrong or the length is', () => {
    const token = generateToken();
    expect(isWellFormedToken(flipOne(token))).toBe(false);
    expect(isWellFormedToken(`msk_${token.slice(4)}`)).toBe(false);
    expect(isWellFormedToken(token.slice(0, -1))).toBe(false);
    expect(isWellFormedToken(`${token}x`)).toBe(false);
    expect(isWellFormedToken('')).toBe(false);
  });
});

describe.each(testDatabaseKinds)('API keys on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;

  const asAdmin = <T = ApiKey & ErrorBody>(method: string, url: string, payload?: object) =>
    app.request<T>({ method, url, payload, headers: admin.headers });
  const create = (payload: object) =>
    asAdmin<CreatedApiKey & ErrorBody>('POST', '/api/admin/api-keys', payload);
  const keyCount = async () => Number((await app.db('api_keys').count<{ c: string }[]>({ c: '*' }))[0]!.c);
  const pillarsWith = (headers: Record<string, string>) =>
    app.request<ErrorBody>({ url: '/api/v1/pillars', headers });

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  describe('creation', () => {
    it.each([
      ['a missing name', {}],
      ['an empty name', { name: '' }],
      ['a blank name', { name: '   ' }],
    ])('refuses %s with the message the screen shows, writing nothing', async (_case, payload) => {
      const before = await keyCount();
      const { status, body } = await create(payload);
      expect(status).toBe(400);
      expect(body.field).toBe('name');
      expect(body.message).toBe(`name: ${API_KEY_NAME_REQUIRED}`);
      expect(await keyCount()).toBe(before);
    });

    it.each([
      ['no permission', { permissions: [] }],
      ['two permissions', { permissions: ['read', 'admin'] }],
      ['an unknown permission', { permissions: ['superadmin'] }],
    ])('refuses %s, writing nothing', async (_case, permissions) => {
      const before = await keyCount();
      const { status, body } = await create({ name: 'CRM sync', ...permissions });
      expect(status).toBe(400);
      expect(body.field).toMatch(/^permissions/);
      expect(await keyCount()).toBe(before);
    });

    it('gives a new key the read permission unless told otherwise, active and never used', async () => {
      const { status, body } = await create({ name: '  BI export  ' });
      expect(status).toBe(201);
      expect(body).toMatchObject({
        name: 'BI export',
        permissions: ['read'],
        isActive: true,
        lastUsedAt: null,
      });
      const chosen = await create({ name: 'User sync', permissions: ['user_manage'] });
      expect(chosen.body.permissions).toEqual(['user_manage']);
    });

    it('records which admin created the key', async () => {
      const { body } = await create({ name: 'Audit' });
      const row = await app.db('api_keys').where({ id: body.id }).first();
      expect(row.created_by).toBe(admin.user.id);
    });
  });

  describe('the token', () => {
    it('is shown whole once, then only masked, and only its hash is stored', async () => {
      const { body: created } = await create({ name: 'Shown once', permissions: ['admin'] });
      expect(isWellFormedToken(created.token)).toBe(true);
      const list = await asAdmin<ApiKey[]>('GET', '/api/admin/api-keys');
      const listed = list.body.find((key) => key.id === created.id)!;
      expect(listed.token).toBe(`msp_…${created.token.slice(-4)}`);
      expect(JSON.stringify(list.body)).not.toContain(created.token);
      const row = await app.db('api_keys').where({ id: created.id }).first();
      expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
      expect(row.token_hash).toBe(hashToken(created.token));
    });

    it('lists keys newest first', async () => {
      const first = await create({ name: 'Older' });
      const second = await create({ name: 'Newer' });
      const ids = (await asAdmin<ApiKey[]>('GET', '/api/admin/api-keys')).body.map((key) => key.id);
      expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    });
  });

  describe('authentication', () => {
    it('accepts a key as Authorization: Bearer and as X-API-Key', async () => {
      const { token } = await createTestApiKey(app, 'read');
      expect((await pillarsWith(bearer(token))).status).toBe(200);
      expect((await pillarsWith({ authorization: `bearer ${token}` })).status).toBe(200);
      expect((await pillarsWith({ 'x-api-key': token })).status).toBe(200);
    });

    it('answers 401 to a request without a key, saying how to send one', async () => {
      const { status, body, headers } = await pillarsWith({});
      expect(status).toBe(401);
      expect(ErrorBody.parse(body).message).toContain('Authorization: Bearer');
      expect(headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('answers a disabled, deleted, tampered, unknown or malformed key with one identical 401', async () => {
      const disabled = await create({ name: 'Disabled' });
      const deleted = await create({ name: 'Deleted' });
      const working = await createTestApiKey(app, 'admin');
      // Used once first, so a cached lookup must not outlive the change.
      expect((await pillarsWith(bearer(disabled.body.token))).status).toBe(200);
      expect((await pillarsWith(bearer(deleted.body.token))).status).toBe(200);
      expect(
        (await asAdmin('PUT', `/api/admin/api-keys/${disabled.body.id}`, { isActive: false })).status,
      ).toBe(200);
      expect((await asAdmin('DELETE', `/api/admin/api-keys/${deleted.body.id}`)).status).toBe(200);
      const random = generateToken().slice(4, 26);
      const unknown = `msp_${random}${checksumOf(random)}`;

      const answers = [];
      for (const token of [
        disabled.body.token,
        deleted.body.token,
        flipOne(working.token),
        unknown,
        `sk_live_${working.token.slice(4)}`,
        'msp_short',
      ]) {
        for (const headers of [bearer(token), { 'x-api-key': token }]) {
          const response = await app.server.inject({ url: '/api/v1/pillars', headers });
          answers.push({ status: response.statusCode, payload: response.payload });
        }
      }
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      expect(answers[0]!.status).toBe(401);
      expect(ErrorBody.parse(JSON.parse(answers[0]!.payload)).message).toBe(INVALID_API_KEY_MESSAGE);
      expect((await pillarsWith(bearer(working.token))).status).toBe(200);
    });

    it('opens again a key enabled again', async () => {
      const { body: key } = await create({ name: 'Toggled' });
      await asAdmin('PUT', `/api/admin/api-keys/${key.id}`, { isActive: false });
      expect((await pillarsWith(bearer(key.token))).status).toBe(401);
      const enabled = await asAdmin('PUT', `/api/admin/api-keys/${key.id}`, { isActive: true });
      expect(enabled.body.isActive).toBe(true);
      expect((await pillarsWith(bearer(key.token))).status).toBe(200);
    });

    it('never opens /api/v1 with a session, nor /api/admin with a key', async () => {
      const { token } = await createTestApiKey(app, 'admin');
      expect((await pillarsWith(admin.headers)).status).toBe(401);
      for (const url of ['/api/admin/pillars', '/api/admin/api-keys', '/api/admin/openapi.json']) {
        expect((await app.request({ url, headers: bearer(token) })).status, url).toBe(401);
        expect((await app.request({ url, headers: { 'x-api-key': token } })).status, url).toBe(401);
      }
    });
  });

  describe('management', () => {
    it('renames a key and leaves the rest as it was', async () => {
      const { body: key } = await create({ name: 'Old name', permissions: ['user_manage'] });
      const { status, body } = await asAdmin('PUT', `/api/admin/api-keys/${key.id}`, { name: 'New name' });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: key.id,
        name: 'New name',
        permissions: ['user_manage'],
        isActive: true,
      });
    });

    it('answers 404 for a key that does not exist, 400 for an empty change, writing nothing', async () => {
      const before = JSON.stringify(await app.db('api_keys').orderBy('id'));
      expect((await asAdmin('PUT', '/api/admin/api-keys/999999', { isActive: false })).status).toBe(404);
      expect((await asAdmin('DELETE', '/api/admin/api-keys/999999')).status).toBe(404);
      const { body: key } = await create({ name: 'Kept' });
      const after = JSON.stringify(await app.db('api_keys').whereNot({ id: key.id }).orderBy('id'));
      expect(after).toBe(before);
      const empty = await asAdmin('PUT', `/api/admin/api-keys/${key.id}`, {});
      expect(empty.status).toBe(400);
      const blank = await asAdmin('PUT', `/api/admin/api-keys/${key.id}`, { name: ' ' });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toContain(API_KEY_NAME_REQUIRED);
    });
  });

  describe('lastUsedAt', () => {
    it('is set by a key’s first use and not written again within the minute', async () => {
      const { body: key } = await create({ name: 'Used' });
      expect(key.lastUsedAt).toBeNull();
      await pillarsWith(bearer(key.token));
      const listed = async () =>
        (await asAdmin<ApiKey[]>('GET', '/api/admin/api-keys')).body.find((k) => k.id === key.id)!.lastUsedAt;
      const first = await listed();
      expect(first).not.toBeNull();
      expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await pillarsWith(bearer(key.token));
      expect(await listed()).toBe(first);
    });

    it('is written again after a minute, but not when another instance wrote it within the minute', async () => {
      const key = await createTestApiKey(app, 'read');
      let clock = Date.now();
      const authenticator = new ApiKeyAuthenticator(app.db, console, { now: () => clock });
      const lastUsed = async () =>
        (await app.db('api_keys').where({ id: key.id }).first('last_used_at')).last_used_at as Date | null;

      expect(await authenticator.authenticate(key.token)).toMatchObject({ id: key.id, permission: 'read' });
      const first = await lastUsed();
      expect(first).not.toBeNull();

      // A minute later here, but another instance wrote it moments ago: the UPDATE's condition holds it.
      clock += 61_000;
      await authenticator.authenticate(key.token);
      expect(await lastUsed()).toEqual(first);

      await app
        .db('api_keys')
        .where({ id: key.id })
        .update({ last_used_at: app.db.raw(`now() - interval '2 minutes'`) });
      const old = await lastUsed();
      clock += 61_000;
      await authenticator.authenticate(key.token);
      expect((await lastUsed())!.getTime()).toBeGreaterThan(old!.getTime());
    });
  });

  describe('the OpenAPI document', () => {
    it('is served to admins and refused without a session', async () => {
      const { status, body } = await asAdmin<OpenApiDocument>('GET', '/api/admin/openapi.json');
      expect(status).toBe(200);
      expect(body.openapi).toBe('3.1.0');
      expect((await app.request({ url: '/api/admin/openapi.json' })).status).toBe(401);
    });
  });
});

describe('API key rate limit', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(postgresTestDatabase, { config: { apiRateLimitPerMinute: 3 } });
  });
  afterAll(() => app?.close());

  it('answers 429 with Retry-After once a key passes its requests per minute, other keys unaffected', async () => {
    const busy = await createTestApiKey(app, 'read');
    const other = await createTestApiKey(app, 'read');
    for (let i = 0; i < 3; i++) {
      expect((await app.request({ url: '/api/v1/pillars', headers: bearer(busy.token) })).status).toBe(200);
    }
    const limited = await app.request<ErrorBody>({ url: '/api/v1/pillars', headers: bearer(busy.token) });
    expect(limited.status).toBe(429);
    expect(ErrorBody.parse(limited.body).message).toContain('3 requests in a minute');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['cache-control']).toBe('no-store');
    expect((await app.request({ url: '/api/v1/pillars', headers: bearer(other.token) })).status).toBe(200);
  });
});

describe('API keys on several instances of one PostgreSQL database', () => {
  it('stop a key disabled on one instance on the others within moments, not after their cache expires', async () => {
    const first = await startTestApp(postgresTestDatabase);
    // A second server with its own pool, key cache and change listener, on the same database.
    const secondDb = createDatabase({ databaseUrl: first.database.url });
    const second = await createServer({
      config: first.config,
      db: secondDb,
      logger: createLogger('warn', { write: () => undefined }),
    });
    try {
      const admin = await signedInAs(
        first,
        await createTestUser(first.db, { role: 'admin', status: 'approved' }),
      );
      const key = await createTestApiKey(first, 'read');
      const statusOnSecond = async () =>
        (await second.inject({ url: '/api/v1/pillars', headers: bearer(key.token) })).statusCode;
      // Cached on the second instance for the next five seconds.
      expect(await statusOnSecond()).toBe(200);
      const disabled = await first.request({
        method: 'PUT',
        url: `/api/admin/api-keys/${key.id}`,
        headers: admin.headers,
        payload: { isActive: false },
      });
      expect(disabled.status).toBe(200);
      await expect.poll(statusOnSecond, { timeout: 2000, interval: 50 }).toBe(401);
    } finally {
      await second.stop();
      await secondDb.destroy();
      await first.close();
    }
  });
});
