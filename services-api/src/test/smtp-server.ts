import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** One message the test server accepted. */
export interface ReceivedMail {
  /** The SMTP envelope: MAIL FROM and RCPT TO, which need not match the headers. */
  envelope: { mailFrom: string; rcptTo: string[] };
  /** The message as mailparser reads it: `from`, `to`, `subject`, `messageId`, `html`, `text`... */
  parsed: ParsedMail;
}

/** A header of a received message as it was sent (mailparser folds the List-* headers into one structure). */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  return mail.parsed.headerLines
    .find((line) => line.key === name)
    ?.line.slice(name.length + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

/** An SMTP reply refusing a message: 4xx is temporary (the sender retries), 5xx permanent. */
export interface SmtpRejection {
  code: number;
  message?: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT (with the credentials when `auth` was given), the value for SMTP_URL. */
  url: string;
  port: number;
  /** Every accepted message so far, in the order received. */
  readonly messages: readonly ReceivedMail[];
  /**
   * Resolves with the accepted messages once there are at least `count`, for senders that deliver
   * in the background (a job queue); rejects after `timeoutMs`.
   */
  waitForMessages(count: number, timeoutMs?: number): Promise<readonly ReceivedMail[]>;
  /**
   * Resolves with the first accepted message to `address` (its envelope's RCPT TO), for a test
   * whose message may arrive among the background mail of earlier steps; rejects after `timeoutMs`.
   */
  waitForMessageTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves with the first accepted message `matches` takes; rejects after `timeoutMs`. */
  waitForMessage(matches: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses the next `count` messages after their data is sent (default 451, a temporary failure). */
  rejectNext(count: number, rejection?: SmtpRejection): void;
  /** Forgets the received messages and any pending rejections. */
  reset(): void;
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /**
   * Credentials the server advertises AUTH for and accepts (any others get 535). Authentication
   * stays optional: a client without credentials may still send.
   */
  auth?: { user: string; pass: string };
}

function addressOf(address: SMTPServerAddress | false): string {
  return address ? address.address : '';
}

/**
 * Starts a real SMTP server (`smtp-server`) on a free port of 127.0.0.1, plain text (no STARTTLS),
 * that parses each message it accepts with mailparser and keeps it in `messages`.
 *
 * @example
 * const smtp = await startSmtpServer();
 * const app = await startTestApp(kind, { env: { SMTP_URL: smtp.url } });
 * // ... submit, let the job run ...
 * const [mail] = await smtp.waitForMessages(1);
 * expect(mail.parsed.subject).toContain('Northwind IT');
 * await smtp.close();
 */
export async function startSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const rejections: SmtpRejection[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: true,
    // Credentials over plain text are fine on the loopback interface of a test.
    allowInsecureAuth: true,
    logger: false,
    // A test's close should not wait out the default 30 s for a client that left a connection open.
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      // The whole message is read first, as a real server does before it answers the DATA command.
      simpleParser(stream).then(
        (parsed) => {
          const rejection = rejections.shift();
          if (rejection) {
            const message = rejection.message ?? `Rejected by the test server (${rejection.code})`;
            callback(Object.assign(new Error(message), { responseCode: rejection.code }));
            return;
          }
          messages.push({
            envelope: {
              mailFrom: addressOf(session.envelope.mailFrom),
              rcptTo: session.envelope.rcptTo.map(addressOf),
            },
            parsed,
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';

  /** Resolves with what `found` finds once it finds something, checked at each accepted message. */
  function waitFor<T>(found: () => T | undefined, timeoutMs: number, failure: () => string): Promise<T> {
    const now = found();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(failure()));
      }, timeoutMs);
      function check() {
        const value = found();
        if (value === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      }
      waiters.add(check);
    });
  }

  const waitForMessage = (matches: (mail: ReceivedMail) => boolean, timeoutMs = 10_000) =>
    waitFor(
      () => messages.find(matches),
      timeoutMs,
      () => `Expected a matching message within ${timeoutMs} ms; got ${messages.length} others`,
    );

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    waitForMessages(count, timeoutMs = 10_000) {
      return waitFor(
        () => (messages.length >= count ? messages : undefined),
        timeoutMs,
        () => `Expected ${count} messages within ${timeoutMs} ms, got ${messages.length}`,
      );
    },
    waitForMessageTo(address, timeoutMs = 10_000) {
      const wanted = address.toLowerCase();
      return waitForMessage(
        (mail) => mail.envelope.rcptTo.some((to) => to.toLowerCase() === wanted),
        timeoutMs,
      );
    },
    waitForMessage,
    rejectNext(count, rejection = { code: 451 }) {
      for (let i = 0; i < count; i++) rejections.push(rejection);
    },
    reset() {
      messages.length = 0;
      rejections.length = 0;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
