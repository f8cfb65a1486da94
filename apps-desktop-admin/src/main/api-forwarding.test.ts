import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createApiForwarder, scriptReadableCookies } from './api-forwarding.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('createApiForwarder against a real local server', () => {
  let server: http.Server;
  let origin: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        res.writeHead(req.url === '/api/missing' ? 404 : 200, {
          'Content-Type': 'application/json',
          'Set-Cookie': 'msp_session=secret; HttpOnly; Path=/',
          'X-Served-By': 'peer',
        });
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const forwarder = (serverUrl: () => string | null, jar: string[] = []) =>
    createApiForwarder({
      serverUrl,
      // The session's fetch: here the jar is one cookie the "session" adds itself.
      fetch: (url, init) => {
        const headers = new Headers(init.headers);
        for (const cookie of jar) headers.append('Cookie', cookie);
        return fetch(url, { ...init, headers });
      },
    });

  it('forwards /api/* with method, query, body and the CSRF header, the session adding its cookies', async () => {
    const forward = forwarder(() => origin, ['msp_session=from-the-jar']);
    const response = await forward(
      new Request(`${APP_ORIGIN}/api/admin/users/7?role=admin`, {
        method: 'PATCH',
        headers: {
          'Content-Type': 'application/json',
          'X-CSRF-Token': 'token-1',
          // What the renderer's own request carries about itself: not the server's business.
          Cookie: 'renderer=cookie',
          Origin: APP_ORIGIN,
          Referer: `${APP_ORIGIN}/admin/users`,
        },
        body: JSON.stringify({ role: 'admin' }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const request = seen.at(-1)!;
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe('/api/admin/users/7?role=admin');
    expect(request.body).toBe('{"role":"admin"}');
    expect(request.headers['x-csrf-token']).toBe('token-1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.cookie).toBe('msp_session=from-the-jar');
    expect(request.headers.origin).toBeUndefined();
    expect(request.headers.referer).toBeUndefined();
  });

  it('passes the server’s answer back without its Set-Cookie, error statuses included', async () => {
    const response = await forwarder(() => origin)(new Request(`${APP_ORIGIN}/api/missing`));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-served-by')).toBe('peer');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('forwards nothing outside /api/, and says when no server is set or it cannot be reached', async () => {
    const before = seen.length;
    const page = await forwarder(() => origin)(new Request(`${APP_ORIGIN}/admin/index.html`));
    expect(page.status).toBe(404);
    expect(seen.length).toBe(before);

    const none = await forwarder(() => null)(new Request(`${APP_ORIGIN}/api/auth/user`));
    expect(none.status).toBe(503);
    expect(await none.json()).toMatchObject({ message: 'No server is configured yet.' });

    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const down = await forwarder(() => closed)(new Request(`${APP_ORIGIN}/api/auth/user`));
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({
      message: `Could not reach the server at ${closed}: nothing answers at that address and port (connection refused).`,
    });
  });
});

describe('scriptReadableCookies', () => {
  it('gives what document.cookie would on the server’s pages: no HttpOnly cookie', () => {
    expect(
      scriptReadableCookies([
        { name: 'msp_session', value: 'secret', httpOnly: true },
        { name: '__Host-crumb', value: 'abc', httpOnly: false },
        { name: 'crumb', value: 'def' },
      ]),
    ).toBe('__Host-crumb=abc; crumb=def');
  });
});
