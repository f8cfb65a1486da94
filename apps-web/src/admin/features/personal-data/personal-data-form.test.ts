import { describe, expect, it } from 'vitest';
import { personalDataFileName } from '@msp/shared/browser';
import { personalDataSchema } from './personal-data-form.js';

describe('the personal data look-up', () => {
  it('takes one address, trimmed and in lower case, as the server compares it', () => {
    expect(personalDataSchema.parse({ email: '  Dana@Northwind-IT.example ' })).toEqual({
      email: 'dana@northwind-it.example',
    });
  });

  it.each([
    ['', 'Enter the email address of the person'],
    ['dana', 'Please enter a valid email address'],
    ['dana@', 'Please enter a valid email address'],
    [`${'a'.repeat(250)}@x.example`, 'Please enter an email address of at most 254 characters'],
  ])('refuses %j with a message', (email, message) => {
    const result = personalDataSchema.safeParse({ email });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('names the downloaded file by the domain and the day, never the address', () => {
    expect(personalDataFileName('dana@northwind-it.example', new Date('2026-12-02T10:00:00Z'))).toBe(
      'personal-data-northwind-it.example-2026-12-02.json',
    );
  });
});
