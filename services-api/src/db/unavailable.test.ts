import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    [
      'pg_terminate_backend (admin_shutdown)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up', withCode('57P03')],
    [
      'a database closed to connections (FATAL 55000)',
      Object.assign(withCode('55000', 'database "msp" is not currently accepting connections'), {
        severity: 'FATAL',
      }),
    ],
    ['a database that is gone (FATAL 3D000)', Object.assign(withCode('3D000'), { severity: 'FATAL' })],
    ['too many connections', withCode('53300')],
    ['a connection exception (class 08)', withCode('08006')],
    [
      'a connection cut under a query, after knex put the SQL first',
      new Error('insert into "x" - Connection terminated unexpectedly'),
    ],
    [
      'a pool that could not hand out a connection',
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
        name: 'KnexTimeoutError',
      }),
    ],
    ['a driver error kept as the cause', new Error('wrapped', { cause: withCode('ECONNREFUSED') })],
    [
      "objection's DBError around pg_terminate_backend",
      Object.assign(new Error('select 1 - terminating connection'), {
        name: 'DBError',
        nativeError: withCode('57P01'),
      }),
    ],
  ])('is true for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    [
      "a query's own 55000, the session alive",
      Object.assign(withCode('55000', 'currval of sequence "s" is not yet defined in this session'), {
        severity: 'ERROR',
      }),
    ],
    ['a plain error', new Error('something else')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
