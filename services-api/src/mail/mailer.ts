import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Logger } from '../logger.js';

/** One email to send: the output of `composeSubmissionEmail`, plus an optional stable id. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The Message-ID, with or without angle brackets (`job-42@example.com`). Derive it from the job
   * so a retried send is the same message to the recipient's mail system; when absent one is made.
   */
  messageId?: string;
  /** Files sent with it (the results email's PDF report), from memory: never a path or a URL. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The one-click unsubscribe address (RFC 8058) of an email someone may stop (a reminder): sent as
   * `List-Unsubscribe`, with `List-Unsubscribe-Post` saying a POST to it is enough.
   */
  unsubscribeUrl?: string;
}

/** What happened to a sent email. */
export interface SentEmail {
  transport: 'smtp' | 'outbox';
  /** The Message-ID header, in angle brackets. */
  messageId: string;
  /** The .eml file written, for the outbox. */
  file?: string;
}

export interface Mailer {
  /** Sends one email; throws `MailSendError` when it could not be handed over. */
  send(email: OutgoingEmail): Promise<SentEmail>;
  /**
   * Removes this mailer's own copies of the messages whose Message-ID has one of these local parts
   * (the part before the `@`): the outbox's files. SMTP keeps none; what it handed over is the
   * recipient's. Returns how many files were removed.
   */
  forget(localParts: readonly string[]): Promise<number>;
  /** Closes the SMTP connections; the mailer is not used after. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL with any credentials; when absent, emails go to `outboxDir`. */
  smtpUrl: string | undefined;
  /**
   * The From header, as in `config.mail.from`; or a function asked at each send, for a sender an
   * administrator may change while the server runs.
   */
  from: string | (() => Promise<string>);
  /** Where .eml files are written without SMTP: `path.join(config.dataDir, 'outbox')`. */
  outboxDir: string;
  /** How long to wait for the SMTP server to accept the connection and greet; 15 s by default. */
  timeoutMs?: number;
}

/**
 * A send that failed. The message never names the SMTP password. `permanent` is the SMTP server's
 * own verdict (a 5xx reply other than 503): the same message would be refused again. Anything else
 * (no connection, timeout, 4xx, a disk error) may succeed on a later attempt.
 */
export class MailSendError extends Error {
  override name = 'MailSendError';

  constructor(
    message: string,
    readonly transport: 'smtp' | 'outbox',
    readonly code: string | undefined,
    readonly responseCode: number | undefined,
  ) {
    super(message);
  }

  get permanent(): boolean {
    const reply = this.responseCode ?? 0;
    return reply >= 500 && reply < 600 && reply !== 503;
  }
}

type MailLogger = Pick<Logger, 'info' | 'warn'>;

const DEFAULT_TIMEOUT_MS = 15_000;

/** The domain of the From address, for ids made here: `"Name" <a@b.example>` gives b.example. */
function senderDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

function normalizeMessageId(messageId: string | undefined, from: string): string {
  const id = (messageId ?? randomUUID()).trim().replace(/^<|>$/g, '');
  return `<${id.includes('@') ? id : `${id}@${senderDomain(from)}`}>`;
}

/** A file name part from a Message-ID: its local part, safe on any file system. */
function fileSlug(messageId: string): string {
  const local = messageId.replace(/^<|>$/g, '').split('@')[0] ?? '';
  return local.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 64) || 'message';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function messageFor(email: OutgoingEmail, from: string, messageId: string): SendMailOptions {
  return {
    from,
    // An address object, not a string a header parser could split into several recipients.
    to: { name: '', address: email.to },
    subject: email.subject,
    html: email.html,
    text: email.text,
    messageId,
    ...(email.attachments?.length ? { attachments: email.attachments } : {}),
    ...(email.unsubscribeUrl
      ? {
          headers: {
            'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

function senderOf(options: MailerOptions): Promise<string> {
  return typeof options.from === 'string' ? Promise.resolve(options.from) : options.from();
}

/**
 * The mail transport the email jobs use: SMTP when `smtpUrl` is set, else complete RFC 822 files in
 * `outboxDir`, named `<time>-<message id>.eml` (the time is ISO 8601 with `-` for `:`, so the names
 * are valid everywhere and sort by time).
 */
export function createMailer(options: MailerOptions, logger: MailLogger): Mailer {
  return options.smtpUrl ? smtpMailer(options, options.smtpUrl, logger) : outboxMailer(options, logger);
}

function smtpMailer(options: MailerOptions, smtpUrl: string, logger: MailLogger): Mailer {
  const url = new URL(smtpUrl);
  const target = url.host;
  const secrets = [url.password, safeDecode(url.password)].filter((s) => s.length > 0);
  const scrub = (text: string) => secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    // A server that goes quiet mid-message; long enough for a large message on a slow link.
    socketTimeout: Math.max(timeout, 60_000),
    // The HTML is a string; nothing in a message may make the server read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(email) {
      const from = await senderOf(options);
      const messageId = normalizeMessageId(email.messageId, from);
      try {
        const info = await transporter.sendMail(messageFor(email, from, messageId));
        logger.info({ transport: 'smtp', messageId: info.messageId, server: target }, 'Email sent');
        return { transport: 'smtp', messageId: info.messageId };
      } catch (cause) {
        const error = cause as Error & { code?: string; responseCode?: number };
        const failure = new MailSendError(
          scrub(`Email not sent through SMTP server ${target}: ${error.message}`),
          'smtp',
          error.code,
          error.responseCode,
        );
        logger.warn(
          { transport: 'smtp', messageId, code: failure.code, responseCode: failure.responseCode },
          failure.message,
        );
        throw failure;
      }
    },
    async forget() {
      return 0;
    },
    async close() {
      transporter.close();
    },
  };
}

function outboxMailer(options: MailerOptions, logger: MailLogger): Mailer {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(email) {
      const from = await senderOf(options);
      const messageId = normalizeMessageId(email.messageId, from);
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${fileSlug(messageId)}.eml`;
      const file = path.join(options.outboxDir, name);
      // Written under a dot name and renamed when complete: a reader listing *.eml never sees half
      // a message, and a crash leaves only a hidden temp file.
      const temp = path.join(options.outboxDir, `.${name}.${randomUUID()}.tmp`);
      try {
        const info = await transporter.sendMail(messageFor(email, from, messageId));
        await mkdir(options.outboxDir, { recursive: true });
        const handle = await open(temp, 'wx');
        try {
          await handle.writeFile(info.message as Buffer);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
        logger.info({ transport: 'outbox', messageId: info.messageId, file }, 'Email written to the outbox');
        return { transport: 'outbox', messageId: info.messageId, file };
      } catch (cause) {
        // The write's own error is the one to report; a temp file left behind is hidden and harmless.
        await rm(temp, { force: true }).catch(() => undefined);
        const error = cause as Error & { code?: string };
        const failure = new MailSendError(
          `Email not written to the outbox ${options.outboxDir}: ${error.message}`,
          'outbox',
          error.code,
          undefined,
        );
        logger.warn({ transport: 'outbox', messageId, code: failure.code }, failure.message);
        throw failure;
      }
    },
    async forget(localParts) {
      const endings = new Set(localParts.map((local) => `-${fileSlug(local)}.eml`));
      let names: string[];
      try {
        names = await readdir(options.outboxDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      // A name is `<time>-<slug>.eml`, and the time (ISO 8601 with `-` for `:`) is 24 characters.
      const doomed = names.filter((name) => endings.has(name.slice(24)));
      await Promise.all(doomed.map((name) => rm(path.join(options.outboxDir, name), { force: true })));
      return doomed.length;
    },
    async close() {
      transporter.close();
    },
  };
}
