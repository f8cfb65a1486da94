import { describe, expect, it } from 'vitest';
import {
  accountWords,
  contextWords,
  hashPassword,
  PASSWORD_MESSAGES,
  passwordProblem,
  verifyPassword,
} from './passwords.js';

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

  it('names what is wrong with a weak password', async () => {
    expect(await passwordProblem('short')).toBe('Password must be at least 12 characters');
    expect(await passwordProblem('x'.repeat(201))).toBe('Password must be at most 200 characters');
    // Characters as a person counts them: eleven emoji are eleven, not twenty-two.
    expect(await passwordProblem('🔑'.repeat(11))).toBe('Password must be at least 12 characters');
    expect(await passwordProblem(' '.repeat(12))).toBe('Password cannot be only spaces');
    expect(await passwordProblem('\t \n'.repeat(5))).toBe('Password cannot be only spaces');
    for (const common of ['123456789012', 'password1234', 'qwertyuiopas', 'iloveyou2024', 'P@ssw0rd1234']) {
      expect(await passwordProblem(common), common).toBe(PASSWORD_MESSAGES.tooCommon);
    }
    expect(await passwordProblem('aaaaaaaaaaaa')).toBe(
      'Password is too easy to guess. Repeated characters like "aaa" are easy to guess. Try a few unrelated words.',
    );
    expect(await passwordProblem('abcdefghijklmnop')).toMatch(
      /^Password is too easy to guess\. Common character sequences/,
    );
  });

  it('keeps passphrases and long unusual passwords, in any characters, with no composition rules', async () => {
    for (const good of [
      'lantern orbit tulip gravel',
      'correct horse battery staple',
      'zebra-lantern-orbit',
      'twelve chars',
      'ünïcödé pässwörd fïëld',
      'x7#Qm2!vLp9@',
    ]) {
      expect(await passwordProblem(good), good).toBeNull();
    }
  });

  it("refuses a password made of the account's own words", async () => {
    const userInputs = contextWords('dana.qorvath@zentrixmsp.example', 'Dana', 'Qorvath', 'Maturity Check');
    expect(userInputs).toEqual(expect.arrayContaining(['dana', 'qorvath', 'zentrixmsp', 'maturity']));
    expect(await passwordProblem('qorvathzentrixmsp', { userInputs })).toBe(
      'Password is too easy to guess. There should not be any personal or page related data. Try a few unrelated words.',
    );
    // Only what is known of the account makes it guessable.
    expect(await passwordProblem('qorvathzentrixmsp')).toBeNull();
  });

  it("refuses the account's names and the product's and provider's, however they are spaced", async () => {
    const names = { productName: 'MSP Automation Maturity Assessment', providerName: 'Automation Maturity' };
    const userInputs = accountWords(
      { email: 'founder@msp.example', firstName: 'Founder', lastName: 'Person' },
      names,
    );
    expect(userInputs).toEqual(
      expect.arrayContaining(['founder', 'person', 'msp', 'automation', 'maturity', 'automation maturity']),
    );
    const madeOfThem = [
      PASSWORD_MESSAGES.tooEasy,
      PASSWORD_MESSAGES.accountWords,
      PASSWORD_MESSAGES.tryWords,
    ].join(' ');
    for (const password of [
      'Founder Person',
      'founder-person-1',
      'Person, Founder 2024!',
      'Maturity Assessment',
    ]) {
      expect(await passwordProblem(password, { userInputs }), password).toBe(madeOfThem);
    }
    expect(await passwordProblem('Automation Maturity', { userInputs })).toMatch(
      /^Password is too easy to guess\./,
    );
    // Spaced alike, but with nothing of the account's, they are accepted as before; and so is a
    // password that is strong without the account's words in it.
    for (const password of ['Founder Person', 'Automation Maturity', 'Founder lantern orbit tulip gravel']) {
      expect(await passwordProblem(password), password).toBeNull();
    }
    expect(await passwordProblem('Founder lantern orbit tulip gravel', { userInputs })).toBeNull();
    expect(await passwordProblem('correct horse battery staple', { userInputs })).toBeNull();
  });
});
