import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkServerAddress,
  createServerAddressStore,
  describeNetworkError,
  parseServerAddress,
} from './server-address.js';
import { PRODUCT_CONFIG } from './test-server-config.js';

describe('parseServerAddress', () => {
  it('keeps https addresses as their origin, adding https to a bare host and dropping a path', () => {
    expect(parseServerAddress('https://assess.example.com')).toEqual({
      ok: true,
      origin: 'https://assess.example.com',
    });
    expect(parseServerAddress('  assess.example.com:8443 ')).toEqual({
      ok: true,
      origin: 'https://assess.example.com:8443',
    });
    expect(parseServerAddress('https://assess.example.com/admin/submissions?page=2')).toEqual({
      ok: true,
      origin: 'https://assess.example.com',
    });
  });

  it('allows plain http only for this computer', () => {
    for (const local of ['http://localhost:5000', 'http://127.0.0.1:5000', 'http://[::1]:5000']) {
      expect(parseServerAddress(local)).toMatchObject({ ok: true });
    }
    expect(parseServerAddress('http://assess.example.com')).toEqual({
      ok: false,
      error:
        'Plain http is allowed only for this computer (localhost). Use https://assess.example.com instead.',
    });
    expect(parseServerAddress('http://192.168.1.10')).toMatchObject({ ok: false });
    // A name that only looks local.
    expect(parseServerAddress('http://localhost.evil.example')).toMatchObject({ ok: false });
  });

  it('refuses what is not a web address, other schemes and credentials in the address', () => {
    expect(parseServerAddress('')).toMatchObject({ ok: false, error: expect.stringContaining('Enter') });
    expect(parseServerAddress('https://')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not a web address'),
    });
    expect(parseServerAddress('ftp://assess.example.com')).toEqual({
      ok: false,
      error: 'The address must start with https:// (not ftp://).',
    });
    expect(parseServerAddress('file:///etc/passwd')).toMatchObject({ ok: false });
    expect(parseServerAddress('https://admin:secret@assess.example.com')).toMatchObject({
      ok: false,
      error: expect.stringContaining('user name and password'),
    });
  });
});

describe('describeNetworkError', () => {
  it('names Chromium’s and Node’s network failures in words, without call logs', () => {
    expect(describeNetworkError(new Error('net::ERR_CONNECTION_REFUSED'))).toBe(
      'nothing answers at that address and port (connection refused)',
    );
    const nodeError = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), {
      code: 'ENOTFOUND',
    });
    expect(describeNetworkError(new TypeError('fetch failed', { cause: nodeError }))).toBe(
      'no server has that name (it could not be looked up)',
    );
    expect(describeNetworkError(new Error('net::ERR_CERT_AUTHORITY_INVALID'))).toBe(
      'its certificate is not trusted by this computer',
    );
    expect(describeNetworkError(new Error('something odd\n  call log: lots'))).toBe('something odd');
  });
});

describe('checkServerAddress against real local servers', () => {
  let server: http.Server;
  let base: string;
  let closedPort: number;

  beforeAll(async () => {
    // One server playing several: the product's config, a web server that is not the product, and
    // one that answers HTML.
    server = http.createServer((req, res) => {
      if (req.headers.host?.startsWith('localhost') && req.url === '/api/config') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(PRODUCT_CONFIG));
      } else if (req.headers.host?.startsWith('127.0.0.1') && req.url === '/api/config') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><title>Router login</title>');
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = String((server.address() as AddressInfo).port);
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('accepts a server whose GET /api/config answers the product’s config', async () => {
    expect(await checkServerAddress(`http://localhost:${base}/admin`, fetch)).toEqual({
      ok: true,
      url: `http://localhost:${base}`,
      productName: 'MSP Automation Maturity Assessment',
    });
  });

  it('says a server that answers something else is not an assessment server', async () => {
    expect(await checkServerAddress(`http://127.0.0.1:${base}`, fetch)).toEqual({
      ok: false,
      error: `http://127.0.0.1:${base} answered, but it is not an MSP Automation Maturity server (GET /api/config did not answer JSON). Check the address.`,
    });
  });

  it('says when nothing answers, and never calls out for an address it refuses', async () => {
    expect(await checkServerAddress(`http://127.0.0.1:${closedPort}`, fetch)).toEqual({
      ok: false,
      error: `Could not reach http://127.0.0.1:${closedPort}: nothing answers at that address and port (connection refused).`,
    });
    const calls: string[] = [];
    const check = await checkServerAddress('http://assess.example.com', async (url) => {
      calls.push(url);
      return new Response('{}');
    });
    expect(check.ok).toBe(false);
    expect(calls).toEqual([]);
  });

  it('gives up on a server that does not answer in time', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      expect(await checkServerAddress(`http://127.0.0.1:${port}`, fetch, 200)).toEqual({
        ok: false,
        error: `Could not reach http://127.0.0.1:${port}: it did not answer within 0.2 seconds.`,
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('createServerAddressStore', () => {
  it('remembers the address in the user data folder, and treats a damaged file as none', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'msp-desktop-store-'));
    try {
      const file = path.join(dir, 'nested/server.json');
      const store = createServerAddressStore(file);
      expect(await store.read()).toBeNull();
      await store.write('https://assess.example.com');
      expect(await createServerAddressStore(file).read()).toBe('https://assess.example.com');
      expect(await fs.readdir(path.dirname(file))).toEqual(['server.json']);

      await fs.writeFile(file, '{"serverUrl": ');
      expect(await store.read()).toBeNull();
      // Edited by hand to a remote http address: not trusted either.
      await fs.writeFile(file, JSON.stringify({ serverUrl: 'http://assess.example.com' }));
      expect(await store.read()).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
