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

/** "1 submission", "3 submissions": the screen's count, its confirmation and its toast. */
export const submissionsText = (count: number) => `${count} ${count === 1 ? 'submission' : 'submissions'}`;
