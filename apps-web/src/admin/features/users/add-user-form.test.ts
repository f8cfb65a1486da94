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
      'Admin: Runs the whole portal: content, users, integrations, exports and the leads.',
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

  it('says what each role lets the person do, and that nothing comes before approval', () => {
    expect(accessConsequence({ role: 'user', status: 'approved' })).toBe(
      'User: Reads the submissions and their lead status, owner and notes; changes nothing.',
    );
    expect(accessConsequence({ role: 'sales', status: 'approved' })).toMatch(
      /^Sales: Reads and works the leads: status, owner, next step and notes\./,
    );
    expect(accessConsequence({ role: 'admin', status: 'pending' })).toMatch(
      /^Admin: .* Not until an administrator approves them in this list\.$/,
    );
    expect(
      addUserSchema.safeParse({ ...ADD_USER_DEFAULTS, email: 's@msp.example', role: 'sales' }).success,
    ).toBe(true);
    expect(createdIntro({ email: 'a@msp.example', status: 'approved' })).toBe(
      'a@msp.example can open the admin portal once they have set a password with this link.',
    );
    expect(createdIntro({ email: 'p@msp.example', status: 'pending' })).toContain('once approved');
  });
});
