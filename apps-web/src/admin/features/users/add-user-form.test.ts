import { describe, expect, it } from 'vitest';
import {
  accessConsequence,
  ADD_USER_DEFAULTS,
  addUserSchema,
  createdIntro,
  toCreateUserRequest,
} from './add-user-form.js';

describe('add user form', () => {
  it('defaults to an approved admin, so the invite with the defaults opens the portal', () => {
    expect(ADD_USER_DEFAULTS).toMatchObject({ role: 'admin', status: 'approved' });
    expect(accessConsequence(ADD_USER_DEFAULTS)).toBe(
      'Can open the admin portal and manage all content and users.',
    );
  });

  it('needs a valid email', () => {
    const result = addUserSchema.safeParse({ ...ADD_USER_DEFAULTS, email: 'not-an-email' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
  });

  it('takes an email of 254 characters and no more, as the server does (RFC 5321)', () => {
    const domain = '@msp.example';
    const at = (length: number) => `${'s'.repeat(length - domain.length)}${domain}`;
    expect(addUserSchema.safeParse({ ...ADD_USER_DEFAULTS, email: at(254) }).success).toBe(true);
    const tooLong = addUserSchema.safeParse({ ...ADD_USER_DEFAULTS, email: at(255) });
    expect(tooLong.error?.issues[0]?.message).toBe('Please enter an email address of at most 254 characters');
  });

  it('sends trimmed values and leaves blank names out', () => {
    const values = addUserSchema.parse({
      email: '  sam@msp.example ',
      firstName: ' Sam ',
      lastName: '   ',
      role: 'admin',
      status: 'approved',
    });
    expect(toCreateUserRequest(values)).toEqual({
      email: 'sam@msp.example',
      firstName: 'Sam',
      role: 'admin',
      status: 'approved',
    });
  });

  it('says what each role and status lets the person do: only an approved admin opens the portal', () => {
    expect(accessConsequence({ role: 'user', status: 'pending' })).toMatch(
      /^A User can sign in but cannot open the admin portal/,
    );
    expect(accessConsequence({ role: 'user', status: 'approved' })).toMatch(
      /^A User can sign in but cannot open the admin portal/,
    );
    expect(accessConsequence({ role: 'admin', status: 'pending' })).toMatch(
      /^Cannot open the admin portal until/,
    );
    expect(accessConsequence({ role: 'admin', status: 'approved' })).toMatch(/^Can open the admin portal/);
    expect(createdIntro({ email: 'u@msp.example', role: 'user', status: 'approved' })).toContain(
      'as a User cannot open the admin portal',
    );
    expect(createdIntro({ email: 'a@msp.example', role: 'admin', status: 'approved' })).toBe(
      'a@msp.example can open the admin portal once they have set a password with this link.',
    );
    expect(createdIntro({ email: 'p@msp.example', role: 'admin', status: 'pending' })).toContain(
      'once approved',
    );
  });
});
