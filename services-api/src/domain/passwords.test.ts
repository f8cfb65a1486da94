import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';

/** Made by the `argon2` package this product used before it moved to prebuilt binaries. */
const HASH_FROM_THE_OLD_LIBRARY =
  '$argon2id$v=19$m=65536,p=4,t=3$jedgQ+BHy0FnJGyPAwpuDw$CMcn1vYFDWgW0NqhQF1fBHafd7/nNn9Ize/sZ8hz5QA';

describe('passwords', () => {
  it('keeps verifying hashes stored by the old library', async () => {
    expect(await verifyPassword(HASH_FROM_THE_OLD_LIBRARY, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(HASH_FROM_THE_OLD_LIBRARY, 'correct horse battery stapler')).toBe(false);
  });

  it('hashes with argon2id and verifies only the same password', async () => {
    const stored = await hashPassword('a long enough password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(await verifyPassword(stored, 'a long enough password')).toBe(true);
    expect(await verifyPassword(stored, 'a long enough passwore')).toBe(false);
  });

  it('answers false, not an error, for a missing or malformed hash', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything at all')).toBe(false);
  });

  it('names what is wrong with a weak password', () => {
    expect(passwordProblem('short')).toBe('Password must be at least 12 characters');
    expect(passwordProblem('x'.repeat(201))).toBe('Password must be at most 200 characters');
    expect(passwordProblem('twelve chars')).toBeNull();
  });
});
