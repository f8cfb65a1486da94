import { z } from 'zod/mini';
import { emailSchema } from '../../components/form/email-schema.js';

/** The look-up: one email address, trimmed and compared in lower case, as the server does. */
export const personalDataSchema = z.object({
  email: emailSchema(z.toLowerCase(), z.minLength(1, 'Enter the email address of the person')),
});

export type PersonalDataValues = z.infer<typeof personalDataSchema>;

/** "1 submission", "3 submissions": the screen's count, its confirmation and its toast. */
export const submissionsText = (count: number) => `${count} ${count === 1 ? 'submission' : 'submissions'}`;

/** What is stored under an address, in the words of the summary and the delete confirmation. */
export function draftText(count: number, hasDraft: boolean): string {
  if (!hasDraft) return submissionsText(count);
  return count === 0 ? '1 saved draft' : `${submissionsText(count)} and 1 saved draft`;
}
