import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { createRemoteJWKSet, customFetch, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAIAnalyst } from '../analysis/openai-analyst.js';
import { fetchDiscovery } from '../plugins/auth/oidc/discovery.js';
import { fetchUserinfo } from '../plugins/auth/oidc/id-token.js';
import { startEndlessAnswerServer, type EndlessAnswerServer } from '../test/endless-answer.js';
import { ANSWER_LIMITS, AnswerTooLargeError, capWreckReadsOf, fetchAtMost, readAtMost } from './outgoing.js';

/**
 * What a peer sends past the limit is never received: the client hangs up once it has read its
 * limit. The peer writes 16 KB a millisecond, so this leaves the client a few dozen milliseconds
 * to notice, where an unbounded read takes the whole answer (gigabytes from the probe's receiver).
 */
const SLACK_BYTES = 1024 * 1024;

describe('reading at most a little of an outgoing call’s answer', () => {
  let endless: EndlessAnswerServer;
  let small: http.Server;
  let smallOrigin: string;

  beforeAll(async () => {
    endless = await startEndlessAnswerServer(200);
    small = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json', 'x-peer': 'small' });
      response.end(JSON.stringify({ keys: [], path: request.url }));
    });
    await new Promise<void>((resolve) => small.listen(0, '127.0.0.1', resolve));
    smallOrigin = `http://127.0.0.1:${(small.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await endless?.close();
    await new Promise((resolve) => small?.close(resolve));
  });

  /** The last answer of the endless server, once its client hung up. */
  async function hungUpAfter(path: string, limit: number): Promise<number> {
    const answer = endless.answers.findLast((a) => a.path === path);
    expect(answer, `a request for ${path}`).toBeDefined();
    const written = await answer!.disconnected;
    if (process.env.SHOW_BYTES) process.stderr.write(`BYTES ${path} ${written}\n`);
    expect(written).toBeLessThan(limit + SLACK_BYTES);
    return written;
  }

  it('reads the start of an endless answer and hangs up', async () => {
    const response = await fetch(`${endless.origin}/read`);
    const { bytes, complete } = await readAtMost(response, 1000);
    expect(complete).toBe(false);
    expect(bytes.byteLength).toBe(1000);
    expect(new TextDecoder().decode(bytes.subarray(0, 10))).toBe('{"data": "');
    await hungUpAfter('/read', 1000);
  });

  it('passes a small answer through whole, and refuses an endless one', async () => {
    const fetchSome = fetchAtMost(1024);
    const answer = await fetchSome(`${smallOrigin}/jwks`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-peer')).toBe('small');
    expect(await answer.json()).toEqual({ keys: [], path: '/jwks' });
    await expect(fetchSome(`${endless.origin}/fetch`)).rejects.toThrow(AnswerTooLargeError);
    await hungUpAfter('/fetch', 1024);
  });

  it('refuses an identity provider’s endless discovery document, key set and userinfo', async () => {
    await expect(fetchDiscovery(`${endless.origin}/issuer`)).rejects.toThrow(/answered more than 64 KB/);
    await hungUpAfter('/issuer/.well-known/openid-configuration', ANSWER_LIMITS.identityProvider);

    const keys = createRemoteJWKSet(new URL(`${endless.origin}/jwks`), {
      [customFetch]: fetchAtMost(ANSWER_LIMITS.identityProvider),
    });
    const token = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiIxIn0.c2ln';
    await expect(jwtVerify(token, keys)).rejects.toThrow(/answered more than 64 KB/);
    await hungUpAfter('/jwks', ANSWER_LIMITS.identityProvider);

    await expect(fetchUserinfo(`${endless.origin}/userinfo`, 'access-token')).rejects.toThrow(
      /userinfo endpoint .*answered more than 64 KB/,
    );
    await hungUpAfter('/userinfo', ANSWER_LIMITS.identityProvider);
  });

  it('refuses an endless token answer read by bell’s own Wreck client, and no other read', async () => {
    const fromBell = createRequire(createRequire(import.meta.url).resolve('@hapi/bell'));
    const wreck = fromBell('@hapi/wreck') as {
      post(url: string, options: object): Promise<{ payload: Buffer }>;
    };
    capWreckReadsOf(`${endless.origin}/token`, ANSWER_LIMITS.identityProvider);
    // Wreck destroys the answer at the limit; which of its two errors wins the race varies.
    await expect(
      wreck.post(`${endless.origin}/token`, { payload: 'grant_type=authorization_code' }),
    ).rejects.toThrow(/Maximum payload size reached|Payload stream closed prematurely/);
    await hungUpAfter('/token', ANSWER_LIMITS.identityProvider);
    // Another endpoint of the same peer is read as Wreck always did.
    const { payload } = await wreck.post(`${smallOrigin}/other`, { payload: '' });
    expect(JSON.parse(payload.toString())).toEqual({ keys: [], path: '/other' });
  });

  it('answers a model’s endless completion with the built-in analysis’s reason, not its memory', async () => {
    const analyst = new OpenAIAnalyst({ apiKey: 'sk-test', baseUrl: `${endless.origin}/v1`, model: 'm' });
    const failure = analyst.analyze({
      overallLevel: 1,
      pillarScores: [{ pillarId: 1, pillarName: 'Tooling', level: 1, percentage: 40 }],
      matrixCells: [],
      demographicData: {},
    });
    await expect(failure).rejects.toMatchObject({ reason: 'model answered more than 2 MB' });
    const written = await hungUpAfter('/v1/chat/completions', ANSWER_LIMITS.model);
    expect(written).toBeGreaterThan(ANSWER_LIMITS.model);
  });
});
