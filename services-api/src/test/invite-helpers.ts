import type { CurrentUser } from '@msp/shared';
import { cookiesOf } from './auth-helpers.js';
import type { TestApp } from './test-app.js';
import { SESSION_COOKIE } from '../plugins/auth/session.js';

let addressCounter = 0;
/** A client address of its own, so a page's rate limit only meets the journey that uses it. */
export const nextAddress = () => `198.51.100.${++addressCounter}`;

/** The token of an invite or reset link. */
export const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** Opens an invite or reset link like a browser: the page, its CSRF cookie and a way to post the form. */
export async function openInvite(app: TestApp, url: string, remoteAddress = nextAddress()) {
  const { pathname, search } = new URL(url);
  const page = await app.server.inject({ url: pathname + search, remoteAddress });
  const crumb = cookiesOf(page.headers).crumb ?? 'no-crumb';
  const submit = (password: string, token = tokenOf(url)) =>
    app.server.inject({
      method: 'POST',
      url: '/api/invite',
      headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb, token, password }).toString(),
      remoteAddress,
    });
  return { page, submit };
}

/** The current user behind a response's new session cookie. */
export async function currentUserOf(app: TestApp, headers: Record<string, unknown>) {
  const session = cookiesOf(headers)[SESSION_COOKIE];
  return app.request<CurrentUser>({
    url: '/api/auth/user',
    headers: { cookie: `${SESSION_COOKIE}=${session}` },
  });
}

/** Every text column of every row of a table, for looking for what must not be stored. */
export async function tableText(app: TestApp, table: string): Promise<string> {
  const { rows } = await app.db.raw<{ rows: { t: string | null }[] }>(
    'SELECT string_agg(x::text, chr(10)) AS t FROM ?? x',
    [table],
  );
  return rows[0]?.t ?? '';
}
