import { EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE, INVALID_EMAIL } from '@msp/shared/browser';
import { z } from 'zod/mini';

/**
 * An email field of an admin form, read as the server's EmailAddress reads it: trimmed, at most
 * EMAIL_MAX_LENGTH characters and shaped like an address, with the server's messages. `checks` run
 * after the trim, before the length (a lower-casing, a message for an empty field).
 */
export function emailSchema(...checks: z.core.$ZodCheck<string>[]) {
  return z.pipe(
    z.string().check(z.trim(), ...checks, z.maxLength(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE)),
    z.email({ error: INVALID_EMAIL }),
  );
}
