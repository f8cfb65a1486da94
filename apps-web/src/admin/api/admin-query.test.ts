import { ApiError } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { ADMIN_READ_RETRIES, adminRetry, isAdminCall } from './admin-query.js';

const apiError = (status: number) => new ApiError(status, '', 'status text');

describe('adminRetry', () => {
  it('retries a network failure and a 5xx up to 3 times', () => {
    expect(ADMIN_READ_RETRIES).toBe(3);
    for (const error of [new TypeError('Failed to fetch'), apiError(500), apiError(503)]) {
      expect([0, 1, 2].map((failures) => adminRetry(failures, error))).toEqual([true, true, true]);
      expect(adminRetry(3, error)).toBe(false);
    }
  });

  it('never retries an answer that would be the same again', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(adminRetry(0, apiError(status))).toBe(false);
    }
  });
});

describe('isAdminCall', () => {
  it('recognises the admin mark and nothing else', () => {
    expect(isAdminCall({ admin: true })).toBe(true);
    expect(isAdminCall({ admin: 'yes' })).toBe(false);
    expect(isAdminCall({})).toBe(false);
    expect(isAdminCall(undefined)).toBe(false);
  });
});
