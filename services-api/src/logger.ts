import { createRequire } from 'node:module';
import { pino, symbols, type DestinationStream, type Level, type Logger } from 'pino';

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

/**
 * A logger for lines whose fields are fixed and can hold no secret (the access log's), writing to
 * `logger`'s own destination without its redaction: on a line of five fields the wildcard paths
 * cost three times the rest of the line. Callers check `logger`'s level: this one logs every level.
 */
export function unredactedSibling(logger: Logger): Logger {
  return pino(
    { level: 'trace' },
    (logger as unknown as Record<symbol, DestinationStream>)[symbols.streamSym],
  );
}

/**
 * The server's one logger: JSON lines at `level`, secrets redacted. Tests pass a destination to
 * read what was logged; otherwise it writes to stdout, pretty-printed for a person at a terminal.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (destination) return pino(options, destination);
  const transport = prettyTransport();
  return transport ? pino({ ...options, transport }) : pino(options);
}
