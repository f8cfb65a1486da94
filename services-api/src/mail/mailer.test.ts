import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';
import { createMailer, MailSendError, type Mailer, type OutgoingEmail } from './mailer.js';

const FROM = '"MSP Automation Maturity Assessment" <no-reply@assess.example.com>';
const html =
  '<p>Hi Zoë,</p><p>Results for O&#39;Brien &amp; &lt;Sons&gt;: <strong>Level 2: Advanced</strong></p>' +
  '<p><a href="https://assess.example.com/results/42">View your full results</a></p>';
const email: OutgoingEmail = {
  to: 'zoe@fabrikam.example',
  subject: "Zoë, your results for O'Brien & <Sons>",
  html,
  text:
    "Hi Zoë,\n\nResults for O'Brien & <Sons>: Level 2: Advanced\n\n" +
    'View your full results [https://assess.example.com/results/42]',
};

/** A logger whose lines the test can read. */
function memoryLogger() {
  let lines = '';
  const logger = createLogger('info', { write: (line: string) => void (lines += line) });
  return { logger, logs: () => lines };
}

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mailer over SMTP', () => {
  let smtp: TestSmtpServer;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = createMailer(
      { smtpUrl: smtp.url, from: FROM, outboxDir: '/nonexistent' },
      createLogger('silent'),
    );
  });
  afterEach(() => smtp.reset());
  afterAll(async () => {
    await mailer?.close();
    await smtp?.close();
  });

  it('delivers a message with sender, recipient, subject, both parts and the given Message-ID', async () => {
    const sent = await mailer.send({ ...email, messageId: 'results-42@assess.example.com' });
    expect(sent).toEqual({ transport: 'smtp', messageId: '<results-42@assess.example.com>' });
    expect(smtp.messages).toHaveLength(1);
    const { envelope, parsed } = smtp.messages[0]!;
    expect(envelope).toEqual({ mailFrom: 'no-reply@assess.example.com', rcptTo: ['zoe@fabrikam.example'] });
    expect(parsed.from?.value).toEqual([
      { name: 'MSP Automation Maturity Assessment', address: 'no-reply@assess.example.com' },
    ]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'zoe@fabrikam.example' }] });
    expect(parsed.subject).toBe("Zoë, your results for O'Brien & <Sons>");
    expect(parsed.messageId).toBe('<results-42@assess.example.com>');
    expect(parsed.html).toContain('O&#39;Brien &amp; &lt;Sons&gt;');
    expect(parsed.html).toContain('href="https://assess.example.com/results/42"');
    expect(parsed.text).toContain("Results for O'Brien & <Sons>: Level 2: Advanced");
    expect(parsed.text).toContain('View your full results [https://assess.example.com/results/42]');
  });

  it('makes a Message-ID at the sender’s domain when none is given', async () => {
    const sent = await mailer.send(email);
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@assess\.example\.com>$/);
    expect(smtp.messages[0]!.parsed.messageId).toBe(sent.messageId);
  });

  it('throws a retryable error on a 4xx rejection; the retry keeps its Message-ID', async () => {
    smtp.rejectNext(1, { code: 451, message: 'Try again later' });
    const message = { ...email, messageId: 'results-43@assess.example.com' };
    const failure = await mailer.send(message).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailSendError);
    expect(failure).toMatchObject({ transport: 'smtp', responseCode: 451, permanent: false });
    expect((failure as Error).message).toContain(`SMTP server 127.0.0.1:${smtp.port}`);
    expect((failure as Error).message).toContain('Try again later');
    expect(smtp.messages).toHaveLength(0);

    const sent = await mailer.send(message);
    expect(sent.messageId).toBe('<results-43@assess.example.com>');
    expect(smtp.messages.map((m) => m.parsed.messageId)).toEqual(['<results-43@assess.example.com>']);
  });

  it('marks a 5xx rejection as permanent', async () => {
    smtp.rejectNext(1, { code: 550, message: 'Mailbox unavailable' });
    await expect(mailer.send(email)).rejects.toMatchObject({ responseCode: 550, permanent: true });
  });
});

describe('mailer over SMTP with credentials', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: { user: 'mailer', pass: 's3cret:p@ss/word' } });
  });
  afterAll(() => smtp?.close());

  it('signs in with the credentials in the URL', async () => {
    expect(smtp.url).toBe(`smtp://mailer:s3cret%3Ap%40ss%2Fword@127.0.0.1:${smtp.port}`);
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: '' }, createLogger('silent'));
    await mailer.send(email);
    await mailer.close();
    expect(smtp.messages).toHaveLength(1);
  });

  it('never shows the password when the sign-in fails', async () => {
    const password = 'wrong-Pa55word';
    const { logger, logs } = memoryLogger();
    const mailer = createMailer(
      { smtpUrl: `smtp://mailer:${password}@127.0.0.1:${smtp.port}`, from: FROM, outboxDir: '' },
      logger,
    );
    const failure = (await mailer.send(email).catch((error: unknown) => error)) as MailSendError;
    await mailer.close();
    expect(failure).toBeInstanceOf(MailSendError);
    expect(failure).toMatchObject({ code: 'EAUTH', responseCode: 535 });
    expect(failure.message).toContain(`127.0.0.1:${smtp.port}`);
    expect(`${failure.message}\n${failure.stack}\n${logs()}`).not.toContain(password);
    expect(logs()).toContain(failure.message);
  });
});

describe('mailer when the SMTP server cannot be reached', () => {
  it('throws when nothing listens', async () => {
    const port = await closedPort();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir: '' },
      createLogger('silent'),
    );
    const failure = await mailer.send(email).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailSendError);
    expect(failure).toMatchObject({ transport: 'smtp', permanent: false });
    expect((failure as Error).message).toContain(`SMTP server 127.0.0.1:${port}`);
  });

  it('gives up on a server that accepts the connection but never greets', async () => {
    const silent = net.createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir: '', timeoutMs: 300 },
      createLogger('silent'),
    );
    try {
      const started = Date.now();
      await expect(mailer.send(email)).rejects.toMatchObject({ code: 'ETIMEDOUT', permanent: false });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });
});

describe('mailer without SMTP: the outbox', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'msp-outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes the complete message as an .eml file, creating the folder', async () => {
    const outboxDir = path.join(dir, 'data', 'outbox');
    const { logger, logs } = memoryLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir }, logger);
    const sent = await mailer.send({ ...email, messageId: '<results-44@assess.example.com>' });
    await mailer.close();

    expect(sent.transport).toBe('outbox');
    expect(sent.messageId).toBe('<results-44@assess.example.com>');
    const files = await readdir(outboxDir);
    // Only the finished file: the temporary one was renamed.
    expect(files).toEqual([path.basename(sent.file!)]);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-results-44\.eml$/);
    expect(path.dirname(sent.file!)).toBe(outboxDir);
    expect(logs()).toContain(files[0]);

    const parsed = await simpleParser(await readFile(sent.file!));
    expect(parsed.from?.text).toBe(FROM);
    expect(parsed.to).toMatchObject({ value: [{ address: 'zoe@fabrikam.example' }] });
    expect(parsed.subject).toBe(email.subject);
    expect(parsed.messageId).toBe('<results-44@assess.example.com>');
    expect(parsed.html).toContain('O&#39;Brien &amp; &lt;Sons&gt;');
    expect(parsed.text).toContain('View your full results [https://assess.example.com/results/42]');
  });

  it('keeps every message in a file of its own', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir: dir }, createLogger('silent'));
    const first = await mailer.send(email);
    const second = await mailer.send(email);
    expect(first.messageId).not.toBe(second.messageId);
    expect((await readdir(dir)).sort()).toEqual(
      [first.file, second.file].map((f) => path.basename(f!)).sort(),
    );
  });

  it('forgets the files of the messages named, and only those', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir: dir }, createLogger('silent'));
    const gone = await mailer.send({ ...email, messageId: '<results-44@assess.example.com>' });
    const retried = await mailer.send({ ...email, messageId: '<results-44@assess.example.com>' });
    const kept = await mailer.send({ ...email, messageId: '<results-444@assess.example.com>' });
    const other = await mailer.send(email);
    expect(gone.file).not.toBe(retried.file);

    expect(await mailer.forget(['results-44'])).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([kept.file, other.file].map((f) => path.basename(f!)).sort());
    expect(await mailer.forget(['results-44'])).toBe(0);
  });

  it('has nothing to forget before its folder exists, nor over SMTP', async () => {
    const outbox = createMailer(
      { smtpUrl: undefined, from: FROM, outboxDir: path.join(dir, 'never-written') },
      createLogger('silent'),
    );
    expect(await outbox.forget(['results-1'])).toBe(0);
    const smtp = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:9', from: FROM, outboxDir: dir },
      createLogger('silent'),
    );
    expect(await smtp.forget(['results-1'])).toBe(0);
    await smtp.close();
  });

  it('throws when the folder cannot be written', async () => {
    const blocked = path.join(dir, 'not-a-folder');
    await writeFile(blocked, '');
    const mailer = createMailer(
      { smtpUrl: undefined, from: FROM, outboxDir: blocked },
      createLogger('silent'),
    );
    await expect(mailer.send(email)).rejects.toMatchObject({
      name: 'MailSendError',
      transport: 'outbox',
      message: expect.stringContaining(`Email not written to the outbox ${blocked}`),
    });
  });
});
