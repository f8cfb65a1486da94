import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  /** The path and query it was posted to. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** What the receiver answered (or `hang` when it never did). */
  answered: number | 'hang';
}

/** What the receiver does with the next request: answer with a status, or never answer. */
export type ReceiverAnswer = number | 'hang';

export interface WebhookReceiver {
  /** Where to send: `http://127.0.0.1:<port>/hooks`. */
  url: string;
  received: ReceivedWebhook[];
  /** Answers for the next requests, in order; after them every request gets 204. */
  answerNext(...answers: ReceiverAnswer[]): void;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver for webhook tests on 127.0.0.1: it records every request and answers as
 * told, so a test can make a delivery fail, hang or succeed.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queue: ReceiverAnswer[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = queue.shift() ?? 204;
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered: answer,
      });
      if (answer === 'hang') return;
      response.writeHead(answer, { 'content-type': 'text/plain' });
      response.end(answer >= 300 ? `receiver says ${answer}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerNext: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Polls `check` until it returns a value other than undefined, null or false, or fails after
 * `timeoutMs`. The limit is for a hang, not a measure: a job that waits for the worker's next poll
 * and a free slot took over 15 s beside CI's browser tests, where Chromium takes the cores first.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 45_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
