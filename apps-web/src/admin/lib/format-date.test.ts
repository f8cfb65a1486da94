import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date.js';

describe('formatDateTime', () => {
  it('runs in the time zone the project pins', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('UTC');
  });

  it('writes MMM d, yyyy HH:mm with a 24-hour clock', () => {
    expect(formatDateTime('2026-03-04T09:05:00Z')).toBe('Mar 4, 2026 09:05');
    expect(formatDateTime('2025-12-31T23:59:59Z')).toBe('Dec 31, 2025 23:59');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2026-07-01T00:00:00Z')).toBe('Jul 1, 2026 00:00');
  });

  it('gives an empty string for missing or unreadable values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
