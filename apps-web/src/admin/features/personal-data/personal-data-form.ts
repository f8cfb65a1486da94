import { EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE } from '@msp/shared/browser';
import { z } from 'zod/mini';

const INVALID_EMAIL = 'Please enter a valid email address';

/** The look-up: one email address, trimmed and compared in lower case, as the server does. */
export const personalDataSchema = z.object({
  email: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, 'Enter the email address of the person'),
        z.maxLength(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE),
      ),
    z.email({ error: INVALID_EMAIL }),
  ),
});

export type PersonalDataValues = z.infer<typeof personalDataSchema>;

/** The name the server gives the file: the domain and the day, never the address. */
export function personalDataFileName(email: string, today = new Date()): string {
  const domain = (email.slice(email.lastIndexOf('@') + 1) || 'unknown').replace(/[^a-z0-9.-]/g, '_');
  return `personal-data-${domain}-${today.toISOString().slice(0, 10)}.json`;
}
