import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopMain, type DesktopPorts } from './handlers.js';
import { createServerAddressStore } from './server-address.js';
import { PRODUCT_CONFIG } from './test-server-config.js';

describe('createDesktopMain', () => {
  let server: http.Server;
  let port: number;
  const requests: string[] = [];
  let dir: string;
  /** What GET /api/auth/sign-in-origins answers; undefined: 404, as a server older than the route. */
  let signInOrigins: unknown;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.headers.host} ${req.url}`);
      if (req.url === '/api/config')
        return void res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(PRODUCT_CONFIG));
      if (req.url === '/api/logout') return void res.writeHead(302, { Location: '/' }).end();
      if (req.url === '/api/auth/sign-in-origins' && signInOrigins !== undefined)
        return void res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(signInOrigins));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-desktop-main-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function setUp(file = path.join(dir, `${Math.random()}.json`)) {
    const events: string[] = [];
    /** The origins each sign-in window was allowed to show. */
    const windows: string[][] = [];
    const ports: DesktopPorts = {
      sessionFetch: (url, init) => fetch(url, init),
      cookies: async () => [
        { name: 'msp_session', value: 's', httpOnly: true },
        { name: 'crumb', value: 'token' },
      ],
      clearSession: async () => void events.push('clearSession'),
      openSignInWindow: async (url, { allowedOrigins, isDone }) => {
        events.push(`signIn ${url}`);
        windows.push(allowedOrigins);
        return isDone(url.replace('/api/login', '/admin'));
      },
      chooseSaveTarget: async () => null,
      showItemInFolder: (filePath) => void events.push(`show ${filePath}`),
      openExternal: (url) => void events.push(`external ${url}`),
      writeClipboard: async (text) => void events.push(`clipboard ${text}`),
      setTaskbarProgress: () => undefined,
      sendToRenderer: () => undefined,
    };
    return { main: createDesktopMain(ports, createServerAddressStore(file)), events, windows, file };
  }

  it('keeps a checked address, and forgets the old session only when the server changes', async () => {
    const { main, events, file } = setUp();
    await main.load();
    expect(await main.handlers.getServerUrl()).toBeNull();
    expect(await main.handlers.serverCookies()).toBe('');

    const first = `http://127.0.0.1:${port}`;
    expect(await main.handlers.setServerUrl(`${first}/admin`)).toMatchObject({ ok: true, url: first });
    expect(events).toEqual([]);
    // The same server again: the session stays.
    await main.handlers.setServerUrl(first);
    expect(events).toEqual([]);
    // Another one (this computer by name): the old session goes.
    const second = `http://localhost:${port}`;
    await main.handlers.setServerUrl(second);
    expect(events).toEqual(['clearSession']);
    expect(await main.handlers.getServerUrl()).toBe(second);

    // Kept for the next start.
    const restarted = setUp(file).main;
    await restarted.load();
    expect(restarted.serverUrl()).toBe(second);
  });

  it('keeps the old address when a new one fails its check', async () => {
    const { main } = setUp();
    await main.handlers.setServerUrl(`http://127.0.0.1:${port}`);
    expect(await main.handlers.setServerUrl('http://assess.example.com')).toMatchObject({ ok: false });
    expect(main.serverUrl()).toBe(`http://127.0.0.1:${port}`);
  });

  it('signs in on the server’s page, gives the renderer only script-readable cookies, and signs out at the server', async () => {
    const { main, events } = setUp();
    await main.handlers.setServerUrl(`http://127.0.0.1:${port}`);
    expect(await main.handlers.signIn()).toBe(true);
    expect(await main.handlers.serverCookies()).toBe('crumb=token');
    requests.length = 0;
    await main.handlers.signOut();
    expect(requests).toEqual([`GET 127.0.0.1:${port} /api/logout`]);
    expect(events).toEqual([`signIn http://127.0.0.1:${port}/api/login`, 'clearSession']);
  });

  it('lets the sign-in window show the server and the identity provider it names, and no other origin', async () => {
    const { main, windows } = setUp();
    const server = `http://127.0.0.1:${port}`;
    await main.handlers.setServerUrl(server);
    signInOrigins = {
      identityProvider: [
        'https://login.microsoftonline.com',
        // Not an https origin: left out, whatever the server says.
        'http://idp.example',
        'https://idp.example/tenant',
        'javascript:alert(1)',
      ],
    };
    try {
      expect(await main.handlers.signIn()).toBe(true);
      // A server without single sign-on, an older one without the route, and one answering nonsense.
      signInOrigins = { identityProvider: [] };
      await main.handlers.signIn();
      signInOrigins = undefined;
      await main.handlers.signIn();
      signInOrigins = { identityProvider: 'https://evil.example' };
      await main.handlers.signIn();
    } finally {
      signInOrigins = undefined;
    }
    expect(windows).toEqual([[server, 'https://login.microsoftonline.com'], [server], [server], [server]]);
  });

  it('still forgets the session when the server cannot be reached to sign out', async () => {
    const { main, events } = setUp();
    await main.handlers.setServerUrl(`http://127.0.0.1:${port}`);
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    // Pretend the server went away after it was chosen.
    fs.writeFileSync(
      path.join(dir, 'down.json'),
      JSON.stringify({ serverUrl: `http://127.0.0.1:${closed}` }),
    );
    const down = setUp(path.join(dir, 'down.json'));
    await down.main.load();
    await down.main.handlers.signOut();
    expect(down.events).toEqual(['clearSession']);
    expect(events).toEqual([]);
  });
});
