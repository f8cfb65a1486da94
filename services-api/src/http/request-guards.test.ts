import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './request-guards.js';

/** What a raw client saw: everything the server sent until it closed the connection. */
interface RawExchange {
  received: string;
  /** Body bytes the client had written when the server closed the connection. */
  bodyBytesSent: number;
}

/**
 * Opens a connection, sends a POST's headers declaring `contentLength` and `initialBody`, then,
 * when `trickleEveryMs` is set, one more byte at that pace, until the server closes the connection.
 * The test's own timeout bounds it.
 */
function rawPost(
  port: number,
  path: string,
  {
    contentLength,
    initialBody = '',
    trickleEveryMs,
  }: { contentLength: number; initialBody?: string; trickleEveryMs?: number },
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    let received = '';
    let bodyBytesSent = 0;
    let trickle: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${contentLength}\r\n\r\n${initialBody}`,
      );
      bodyBytesSent = Buffer.byteLength(initialBody);
      if (trickleEveryMs) {
        trickle = setInterval(() => {
          if (bodyBytesSent >= contentLength - 1 || socket.destroyed) return;
          socket.write(' ');
          bodyBytesSent++;
        }, trickleEveryMs);
      }
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    // A write racing the server's close may fail: what was received is what counts.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(trickle);
      resolve({ received, bodyBytesSent });
    });
  });
}

const statusOf = (exchange: RawExchange) => Number(/^HTTP\/1\.1 (\d{3})/.exec(exchange.received)?.[1]);

describe('request limits by default', () => {
  it('cuts a request that is still arriving after about 10 seconds', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
  });
});

describe.each(testDatabaseKinds)('slow and oversized requests on $name', (kind) => {
  const TIMEOUT_MS = 1500;
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    app = await startTestApp(kind, { requestTimeoutMs: TIMEOUT_MS });
    await app.server.start();
    port = Number(app.server.info.port);
  });
  afterAll(() => app?.close());

  it('uses the configured time limit for the whole request', () => {
    expect(app.server.listener.requestTimeout).toBe(TIMEOUT_MS);
    expect(app.server.listener.headersTimeout).toBe(TIMEOUT_MS);
  });

  // Without the limit these wait for Node's 300 s; the test's own timeout fails them long before.
  it('answers 408 and closes the connection of a body that stalls', { timeout: 20_000 }, async () => {
    const exchange = await rawPost(port, '/api/assessment/submit', {
      contentLength: 2000,
      initialBody: '{"de',
    });
    expect(statusOf(exchange)).toBe(408);
    expect(exchange.received).toMatch(/connection: close/i);
    // Like every answer, with the security headers.
    expect(exchange.received).toMatch(/x-content-type-options: nosniff/i);
    expect(exchange.received).toMatch(/content-security-policy: /i);
  });

  it('cuts a body that trickles a byte at a time, however steady', { timeout: 20_000 }, async () => {
    const exchange = await rawPost(port, '/api/assessment/submit', {
      contentLength: 60_000,
      initialBody: '{',
      trickleEveryMs: 50,
    });
    expect(statusOf(exchange)).toBe(408);
    // Still sending when cut: the steady trickle did not keep the request alive to its end.
    expect(exchange.bodyBytesSent).toBeLessThan(60_000 - 1);
  });

  it('answers 413 to a declared oversized body before any of it is sent', { timeout: 20_000 }, async () => {
    // 64 KB is the submit route's limit; no body byte is ever written.
    const exchange = await rawPost(port, '/api/assessment/submit', { contentLength: 64 * 1024 + 1 });
    expect(statusOf(exchange)).toBe(413);
    expect(exchange.bodyBytesSent).toBe(0);
    expect(exchange.received).toMatch(/connection: close/i);
    expect(exchange.received).toContain('Payload content length greater than maximum allowed: 65536');
  });

  // A proxy reuses its upstream connections for up to 60 s; a server that closed one first, just as
  // the proxy sent on it, would fail that request. Node's default closed them after 5 s.
  it(
    "keeps an idle connection open past Node's 5 s, and past the request time limit, for the next request",
    {
      timeout: 20_000,
    },
    async () => {
      expect(app.server.listener.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let closed = false;
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => (closed = true));
      const get = async () => {
        received = '';
        socket.write('GET /api/pillars HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        while (!/\r\n\r\n/.test(received) && !closed) await new Promise((resolve) => setTimeout(resolve, 20));
        return statusOf({ received, bodyBytesSent: 0 });
      };
      try {
        expect(await get()).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        expect(closed).toBe(false);
        expect(await get()).toBe(200);
      } finally {
        socket.destroy();
      }
    },
  );

  it('still reads a body sent at a normal pace', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/assessment/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ demographicData: {}, answers: [] }),
    });
    // Read and judged: a 400 naming the field, not a timeout.
    expect(response.status).toBe(400);
  });
});
