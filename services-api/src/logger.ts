import fs from 'node:fs';
import { createRequire } from 'node:module';
import { API_KEY_PREFIX } from '@msp/shared';
import { destination, pino, symbols, type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger };
export type LogLevel = Level | 'silent';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * What never reaches a log line: credentials in request and response headers, and any password,
 * token or secret field (one or two levels deep, where request payloads and errors put them).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'res.headers["Set-Cookie"]',
  'res.headers["x-csrf-token"]',
  'res.headers["X-CSRF-Token"]',
  ...['password', 'token', 'secret'].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** What a field or parameter holding a credential has in its name, in any case. */
const SECRET_WORDS = 'key|token|secret|passw|pwd|auth|credential|signature';
/**
 * A query parameter whose name says it carries a credential (`api_key`, `apiKey`, `access_token`,
 * `client_secret`, `password`, an OIDC callback's `code`...), in any URL of any line. Names and
 * values stop at a JSON string's end and at a backslash, so a redacted line stays valid JSON.
 */
const SECRET_QUERY_PARAMETER = new RegExp(
  String.raw`([?&](?:[^=&"\\\s#]*(?:${SECRET_WORDS})[^=&"\\\s#]*|code)=)[^&"\\\s#]*`,
  'gi',
);
/** A text field of a logged object with such a name: a parsed query (`req.query`) and the like. */
const SECRET_JSON_FIELD = new RegExp(
  String.raw`("[^"\\]*(?:${SECRET_WORDS})[^"\\]*":)"(?:[^"\\]|\\.)*"`,
  'gi',
);
/** Anything shaped like this product's API key, wherever it is: a header, a URL, a message. */
const KEY_SHAPED = new RegExp(`${API_KEY_PREFIX}[0-9A-Za-z]{16,}`, 'g');
/** The cheap test first: most lines (the access log's short ones) hold none of these. */
const MAY_HOLD_SECRET = new RegExp(`${SECRET_WORDS}|code=|${API_KEY_PREFIX}`, 'i');
const REDACTED = '[redacted]';

/**
 * Redacts what no path-based rule can find: credentials in query strings and in fields named like
 * one at any depth, and key-shaped text anywhere. It runs on each line as written, so nothing
 * logged (a request's URL at debug, a message, an error) escapes it.
 */
export function redactSecrets(line: string): string {
  if (!MAY_HOLD_SECRET.test(line)) return line;
  return line
    .replace(SECRET_QUERY_PARAMETER, `$1${REDACTED}`)
    .replace(SECRET_JSON_FIELD, `$1"${REDACTED}"`)
    .replace(KEY_SHAPED, `${API_KEY_PREFIX}${REDACTED}`);
}

/**
 * Only key-shaped text: for lines whose fields are fixed (the access log's short line), which hold
 * no URL and no named field but could hold a path a client typed; a quarter of `redactSecrets`'s cost.
 */
export function redactKeyShaped(line: string): string {
  return line.includes(API_KEY_PREFIX) ? line.replace(KEY_SHAPED, `${API_KEY_PREFIX}${REDACTED}`) : line;
}

/** A shorter value would also match ordinary words in the log, which would lose their meaning. */
const SECRET_MIN_LENGTH = 6;
const SECRETS = Symbol('secret values');

/**
 * The values of the secrets the server holds, which no line may contain, in whatever field,
 * message or stack they end up: a peer's error that echoes the key it was sent, a URL with its
 * password. Each is looked for as it is and percent-encoded (as in a URL), both as JSON writes
 * them into a line.
 */
class SecretValues {
  private readonly forms = new Set<string>();
  private pattern: RegExp | undefined;

  add(values: readonly (string | undefined)[]): void {
    for (const value of values) {
      if (!value || value.length < SECRET_MIN_LENGTH) continue;
      for (const form of [value, encodeURIComponent(value)])
        this.forms.add(JSON.stringify(form).slice(1, -1));
    }
    // Longest first, so a secret that contains another is replaced whole.
    const alternatives = [...this.forms]
      .sort((a, b) => b.length - a.length)
      .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    this.pattern = alternatives.length ? new RegExp(alternatives.join('|'), 'g') : undefined;
  }

  redact(line: string): string {
    return this.pattern ? line.replace(this.pattern, REDACTED) : line;
  }
}

/**
 * Keeps `values` out of every line `logger` writes, and its children: the configuration's secrets
 * when the server is built, a secret generated later when it is read. Empty and very short values
 * are left out.
 */
export function keepOutOfLog(logger: Logger, values: readonly (string | undefined)[]): void {
  (logger as unknown as Record<symbol, SecretValues | undefined>)[SECRETS]?.add(values);
}

/** Readable output for a person at a terminal or in development, when pino-pretty is installed. */
function prettyTransport(): { target: string } | undefined {
  if (!process.stdout.isTTY && process.env.NODE_ENV !== 'development') return undefined;
  try {
    return { target: createRequire(import.meta.url).resolve('pino-pretty') };
  } catch {
    // A production install without dev dependencies: JSON lines, as everywhere else.
    return undefined;
  }
}

/** The access log's short line: fixed fields, none of which can hold a secret but a typed path. */
export interface AccessLine {
  reqId: string;
  method: string;
  route: string;
  status: number | null;
  ms: number;
}

/**
 * Writes access lines at info to `logger`'s destination, in pino's own line format, without going
 * through pino: the line's fields are fixed, so it is put together as text (a fifth of what pino's
 * serializer and its wildcard redaction paths cost on every request). Key-shaped text is still
 * redacted. The caller checks `logger`'s level.
 */
export function accessLineWriter(logger: Logger): (line: AccessLine, message: string) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const destination = internals[symbols.streamSym] as DestinationStream;
  // pino's own text of the logger's bindings (`,"pid":…,"hostname":"…"`), as it puts in each line.
  const base = (internals[symbols.chindingsSym] as string | undefined) ?? '';
  const level = logger.levels.values.info;
  return ({ reqId, method, route, status, ms }, message) => {
    destination.write(
      redactKeyShaped(
        `{"level":${level},"time":${Date.now()}${base},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status},"ms":${Number.isFinite(ms) ? ms : null},"msg":${JSON.stringify(message)}}\n`,
      ),
    );
  };
}

/** How long a line may wait in the log's buffer before it is written, ms. */
export const LOG_FLUSH_MS = 250;
/** How much text is gathered before it is written: some eighty access lines. */
const LOG_BLOCK_CHARS = 16_384;

type SonicBoom = DestinationStream & {
  write(chunk: Buffer): boolean;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
  on(event: 'close', listener: () => void): void;
  /** The file descriptor written to; negative until a file given by path is open. */
  fd: number;
};

/**
 * Where the server's lines go in production: stdout (or a file, for the benchmarks), written in
 * blocks of 16 KB or every LOG_FLUSH_MS, whichever comes first. pino's own default writes each
 * line with a system call of its own, which under load cost the public reads more than all of the
 * server's other per-request work. Lines are gathered as text and turned into bytes once per
 * block: handing each line to sonic-boom as bytes (a Buffer per line, joined again before the
 * write) cost a public read twice what gathering does, and sonic-boom's own text mode re-measures
 * the whole block at every line. When the process exits (crashes included), what the sink holds and
 * what is gathered are written at once, so only a kill -9 loses up to a quarter second of lines.
 */
export function logDestination(dest: number | string = 1): DestinationStream {
  const sink = destination({
    dest,
    sync: false,
    minLength: 0,
    contentMode: 'buffer',
  }) as unknown as SonicBoom;
  let pending = '';
  const handOver = () => {
    if (!pending) return;
    sink.write(Buffer.from(pending));
    pending = '';
  };
  // Writes what the sink holds, then what is gathered, at once: at exit no event loop is left to
  // finish a write the sink would start. A file not yet open can only be handed over.
  const flushSync = () => {
    if (sink.fd < 0) return handOver();
    sink.flushSync();
    if (!pending) return;
    const bytes = Buffer.from(pending);
    pending = '';
    writeAllSync(sink.fd, bytes);
  };
  // Only with something gathered: pino's own handler flushes the sink, which may have ended by then.
  const writeAtExit = () => {
    if (pending) flushSync();
  };
  const timer = setInterval(handOver, LOG_FLUSH_MS).unref();
  // Before pino's own exit handlers, which flush (or end) the sink.
  process.prependListener('beforeExit', handOver);
  process.prependListener('exit', writeAtExit);
  sink.on('close', () => {
    clearInterval(timer);
    process.off('beforeExit', handOver);
    process.off('exit', writeAtExit);
  });
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= LOG_BLOCK_CHARS) handOver();
    },
    flush(callback?: (error?: Error) => void) {
      handOver();
      sink.flush(callback);
    },
    flushSync,
  } as DestinationStream;
}

/** Writes all of `bytes`, waiting out a full pipe (EAGAIN) for up to a second, as sonic-boom does. */
function writeAllSync(fd: number, bytes: Buffer): void {
  let offset = 0;
  let retries = 0;
  while (offset < bytes.length) {
    try {
      offset += fs.writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || ++retries > 100) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

/**
 * The server's one logger: JSON lines at `level`, secrets redacted. Tests pass a destination to
 * read what was logged; otherwise it writes to stdout, pretty-printed for a person at a terminal.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const secrets = new SecretValues();
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    hooks: { streamWrite: (line: string) => redactSecrets(secrets.redact(line)) },
  };
  const transport = destination ? undefined : prettyTransport();
  let logger: Logger;
  if (destination) logger = pino(options, destination);
  else if (transport) logger = pino({ ...options, transport });
  else logger = pino(options, logDestination());
  // Children are made from their parent's prototype, so they find it too.
  (logger as unknown as Record<symbol, SecretValues>)[SECRETS] = secrets;
  return logger;
}
