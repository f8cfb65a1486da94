import { describe, expect, it } from 'vitest';
import { ADD_USER_DEFAULTS, addUserSchema, toCreateUserRequest } from './add-user-form.js';

describe('add user form', () => {
  it('defaults to role user and status pending (spec 5)', () => {
    expect(ADD_USER_DEFAULTS).toMatchObject({ role: 'user', status: 'pending' });
  });

  it('needs a valid email', () => {
    const result = addUserSchema.safeParse({ ...ADD_USER_DEFAULTS, email: 'not-an-email' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
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
});
