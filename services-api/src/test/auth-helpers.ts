import type { Server } from '@hapi/hapi';
import type { UserRole, UserStatus } from '@msp/shared';
import type { Database } from '../db/knex.js';
import { hashPassword } from '../plugins/auth/passwords.js';
import { SESSION_COOKIE } from '../plugins/auth/index.js';
import type { UserRow } from '../plugins/users/users-service.js';
import type { TestApp } from './test-app.js';

let counter = 0;

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
      password_hash: fields.password ? await hashPassword(fields.password) : null,
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
 * plus a CSRF token pair (cookie and header). Any server on the same database accepts it.
 */
export async function sessionHeaders(server: Server, userId: number): Promise<Record<string, string>> {
  const sid = await server.app.signIn!.sessions.create(userId);
  // Hapi's types say cookie values are strings; the session cookie's definition encodes objects.
  const value = { sid } as unknown as string;
  const setCookie = await server.states.format([{ name: SESSION_COOKIE, value, options: {} }]);
  const sessionCookie = String(setCookie[0]).split(';')[0]!;
  const csrf = `csrf-${userId}-${Date.now()}`;
  return { cookie: `${sessionCookie}; crumb=${csrf}`, 'x-csrf-token': csrf };
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
