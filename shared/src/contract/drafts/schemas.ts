import { z } from 'zod';
import { BodyId, EmailAddress, LanguageTag } from '../common.js';
import { ANSWERS_MAX, DEMOGRAPHIC_MAX_KEYS, DEMOGRAPHIC_VALUE_MAX_LENGTH } from '../limits.js';

/** Demographic values by field identifier, as typed so far (a draft's may be incomplete). */
const DraftDemographics = z
  .record(
    z.string().min(1).max(64),
    z.string({ error: 'must be text' }).max(DEMOGRAPHIC_VALUE_MAX_LENGTH, {
      error: `must be at most ${DEMOGRAPHIC_VALUE_MAX_LENGTH} characters`,
    }),
  )
  .refine((data) => Object.keys(data).length <= DEMOGRAPHIC_MAX_KEYS, {
    error: `must have at most ${DEMOGRAPHIC_MAX_KEYS} fields`,
  });

/** The chosen answer's id by question id (the id as a JSON key), for the questions answered so far. */
const DraftAnswers = z
  .record(
    z.string().regex(/^[1-9]\d{0,9}$/, { error: 'must be a question id' }),
    BodyId('must be an answer id'),
  )
  .refine((answers) => Object.keys(answers).length <= ANSWERS_MAX, {
    error: `must have at most ${ANSWERS_MAX} answers`,
  });

/**
 * "Continue later": where to email the link, and the assessment so far. Saving again under the
 * same address replaces that address's draft (and its link: the newest email's link is the one).
 */
export const SaveDraftRequest = z.strictObject({
  email: EmailAddress,
  demographics: DraftDemographics,
  answers: DraftAnswers,
  /** The consent statement the visitor ticked on the first step, by the id they were shown. */
  consentStatementId: BodyId('must be a consent statement id').optional(),
  /** The page's language: the email is written in it, and the link opens the assessment in it. */
  language: LanguageTag.optional(),
});
export type SaveDraftRequest = z.infer<typeof SaveDraftRequest>;

/** The same answer whether or not the email can be sent now: it is queued and retried. */
export const SaveDraftResponse = z.object({ accepted: z.literal(true) });
export type SaveDraftResponse = z.infer<typeof SaveDraftResponse>;

export const ResumeDraftRequest = z.strictObject({
  token: z
    .string({ error: 'is required' })
    .min(20, { error: 'is not a link to a saved assessment' })
    .max(100, { error: 'is not a link to a saved assessment' }),
});
export type ResumeDraftRequest = z.infer<typeof ResumeDraftRequest>;

/** A saved draft as it was last saved: what the browser puts back into its own draft. */
export const SavedDraft = z.object({
  demographics: z.record(z.string(), z.string()),
  answers: z.record(z.string(), z.number().int()),
  consentStatementId: z.number().int().nullable(),
  language: z.string(),
});
export type SavedDraft = z.infer<typeof SavedDraft>;
