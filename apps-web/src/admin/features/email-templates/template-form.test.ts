import { describe, expect, it } from 'vitest';
import {
  REMINDER_STARTER_BODY,
  STARTER_BODY,
  templateDefaults,
  templateFormSchema,
} from './template-form.js';

describe('email template form', () => {
  it('starts a new template inactive, with the starter body', () => {
    expect(templateDefaults(null)).toEqual({
      name: '',
      subject: '',
      htmlBody: STARTER_BODY,
      purpose: 'results',
      isActive: false,
    });
    expect(templateDefaults(null, 'reminder')).toMatchObject({
      htmlBody: REMINDER_STARTER_BODY,
      purpose: 'reminder',
    });
  });

  it('fills in a saved template', () => {
    const template = {
      id: 2,
      name: 'Welcome',
      subject: 'Your results',
      htmlBody: '<p>Hi</p>',
      purpose: 'reminder' as const,
      isActive: true,
      unknownVariables: [],
    };
    expect(templateDefaults(template)).toEqual({
      name: 'Welcome',
      subject: 'Your results',
      htmlBody: '<p>Hi</p>',
      purpose: 'reminder',
      isActive: true,
    });
  });

  it('sends trimmed names and reports missing ones in the server’s words', () => {
    expect(
      templateFormSchema.parse({
        name: ' Welcome ',
        subject: ' Hi ',
        htmlBody: '<p>x</p>',
        purpose: 'results',
        isActive: true,
      }),
    ).toMatchObject({ name: 'Welcome', subject: 'Hi' });
    const result = templateFormSchema.safeParse({
      name: '',
      subject: ' ',
      htmlBody: '<p>x</p>',
      purpose: 'results',
      isActive: false,
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Template name is required',
      'Email subject is required',
    ]);
  });
});
