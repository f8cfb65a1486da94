import { randomBytes } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import type { UserRole, UserStatus } from '@msp/shared';
import type { Database } from '../db/knex.js';
import { hash, type Algorithm } from '@node-rs/argon2';
import type { UserRow } from '../db/tables.js';
import { hashToken } from '../domain/tokens.js';
import type { TestApp } from './test-app.js';

let counter = 0;

/**
 * A test account's password hash: argon2id like the product's, at 1 MiB and one pass instead of
 * 64 MiB and three. A stored hash names its own parameters, so the server verifies it exactly as
 * it verifies any other; the product's parameters are tested in domain/passwords.test.ts. The tests
 * that sign in a hundred times (the sign-in limits) spent most of a minute hashing.
 */
export function quickPasswordHash(password: string): Promise<string> {
  return hash(password, { algorithm: 2 as Algorithm, memoryCost: 1024, timeCost: 1, parallelism: 1 });
}

export async function createTestUser(
  db: Database,
  fields: {
    role?: UserRole;
    status?: UserStatus;
    email?: string;
    password?: string;
    isFounder?: boolean;
    firstName?: string;
  } = {},
): Promise<UserRow> {
  const [row] = await db<UserRow>('users')
    .insert({
      email: fields.email ?? `user${++counter}-${Date.now()}@msp.example`,
      first_name: fields.firstName ?? 'Test',
      last_name: 'User',
      role: fields.role ?? 'user',
      status: fields.status ?? 'pending',
      is_founder: fields.isFounder ?? false,
      password_hash: fields.password ? await quickPasswordHash(fields.password) : null,
      approved_at: fields.status === 'approved' ? new Date() : null,
    })
    .returning('*');
  return row!;
}

export interface SignedIn {
  user: UserRow;
  /** Cookie and CSRF headers for server.inject. */
  headers: Record<string, string>;
}

/**
 * A real session row for the user and its cookie, encoded by the server's own cookie definition,
 * plus the session's CSRF token (cookie and header). Any server on the same database accepts it.
 */
export async function sessionHeaders(server: Server, userId: number): Promise<Record<string, string>> {
  const signIn = server.app.signIn!;
  const sid = await signIn.sessions.create(userId);
  // Hapi's types say cookie values are strings; the session cookie's definition encodes objects.
  const value = { sid } as unknown as string;
  const setCookie = await server.states.format([{ name: signIn.cookies.session, value, options: {} }]);
  const sessionCookie = String(setCookie[0]).split(';')[0]!;
  const csrf = signIn.csrfTokenForSession(sid);
  return { cookie: `${sessionCookie}; ${signIn.cookies.csrf}=${csrf}`, 'x-csrf-token': csrf };
}

/** Signs the user in on the test app: see `sessionHeaders`. */
export async function signedInAs(app: TestApp, user: UserRow): Promise<SignedIn> {
  return { user, headers: await sessionHeaders(app.server, user.id) };
}

/** The Set-Cookie values of a response, by cookie name. */
export function cookiesOf(headers: Record<string, unknown>): Record<string, string> {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return Object.fromEntries(
    list.map((cookie: string) => {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      return [pair!.slice(0, index), pair!.slice(index + 1)];
    }),
  );
}

/** Opens the sign-in page and posts its form, as a browser at `remoteAddress` would. */
export async function submitSignIn(
  app: TestApp,
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  const page = await app.server.inject({ url: '/api/login', remoteAddress, headers });
  const crumb = cookiesOf(page.headers).crumb!;
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/local',
    headers: { ...headers, cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password, crumb }).toString(),
    remoteAddress,
  });
}

/**
 * A verified visitor's session for `email` (a real row) and its cookie, encoded by the server's own
 * cookie definition, plus the session's CSRF token (cookie and header), as a browser signed in with
 * an emailed link holds them.
 */
export async function visitorHeaders(server: Server, email: string): Promise<Record<string, string>> {
  const sid = randomBytes(32).toString('base64url');
  await server.app.ctx!.db('visitor_sessions').insert({ id_hash: hashToken(sid), email });
  const value = { sid } as unknown as string;
  const setCookie = await server.states.format([{ name: 'msp_visitor', value, options: {} }]);
  const signIn = server.app.signIn!;
  const csrf = signIn.csrfTokenForSession(sid);
  return {
    cookie: `${String(setCookie[0]).split(';')[0]!}; ${signIn.cookies.csrf}=${csrf}`,
    'x-csrf-token': csrf,
  };
}
