/** Socket errors of a connection to the database that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or refusing connections: admin_shutdown (what
 * pg_terminate_backend and a fast shutdown send), crash_shutdown, cannot_connect_now (starting
 * up or in recovery) and too_many_connections. Class 08 (connection exceptions) is matched whole.
 */
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * PostgreSQL ends the session after an error of these severities, so whatever the SQLSTATE the
 * connection is gone: a database closed to connections or being dropped (55000, 3D000 "does not
 * exist"), a refused login, a backend terminated. A query's own faults are ERROR.
 */
const SESSION_ENDING_SEVERITIES = new Set(['FATAL', 'PANIC']);

/**
 * What node-postgres and knex say when the connection under a query or an acquire is gone; knex
 * puts the SQL in front of the driver's message.
 */
const GONE_MESSAGES = [/Connection terminated/, /is not queryable/, /Knex: Timeout acquiring a connection/];

/**
 * Whether an error means the database cannot be reached right now (down, restarting, its
 * connections cut), as opposed to a fault in the query or the data. Looks through the wrappers
 * to the driver's error: objection's DBError keeps it in `nativeError`, others in `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, name, severity } = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      severity?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SERVER_GONE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    }
    if (typeof severity === 'string' && SESSION_ENDING_SEVERITIES.has(severity)) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && GONE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    const wrapper = current as { cause?: unknown; nativeError?: unknown };
    current = wrapper.nativeError ?? wrapper.cause;
  }
  return false;
}
