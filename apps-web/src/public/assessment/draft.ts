import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { z } from 'zod/mini';

/** Local storage key of the visitor's unfinished assessment. */
export const DRAFT_STORAGE_KEY = 'msp-assessment-draft';

const AssessmentDraft = z.object({
  /** Which step the visitor was on. */
  step: z.enum(['demographics', 'questions']),
  /** Demographic values by field identifier, as typed (trimmed only when sent). */
  demographics: z.record(z.string(), z.string()),
  /** Chosen answer id by question id. */
  answers: z.record(z.string(), z.int()),
  /** The consent statement the visitor ticked, by its id: a tick counts only for the statement shown. */
  consentStatementId: z.optional(z.int()),
  /** The team invite this draft was opened from: sent with the submission, which joins the team. */
  teamInviteId: z.optional(z.string()),
  /** Where the visit that began this draft came from: sent with it, even from a later visit. */
  attribution: z.optional(
    z.object({
      source: z.nullable(z.string()),
      medium: z.nullable(z.string()),
      campaign: z.nullable(z.string()),
      term: z.nullable(z.string()),
      content: z.nullable(z.string()),
      ref: z.nullable(z.string()),
      referrer: z.nullable(z.string()),
      landingPath: z.nullable(z.string()),
    }),
  ),
});
export type AssessmentDraft = z.infer<typeof AssessmentDraft>;
export type AssessmentStep = AssessmentDraft['step'];

export const EMPTY_DRAFT: AssessmentDraft = { step: 'demographics', demographics: {}, answers: {} };

/**
 * Whether a saved draft holds anything the visitor did: a value typed or chosen, or an answer. A
 * draft of empty values (left by a form reset) is nothing to resume.
 */
export function hasDraftProgress(draft: AssessmentDraft): boolean {
  return (
    Object.values(draft.demographics).some((value) => value.trim() !== '') ||
    Object.keys(draft.answers).length > 0
  );
}

type SyncStorage<V> = ReturnType<typeof createJSONStorage<V>>;

/**
 * The draft's storage: JSON in the given Storage, by default local storage where the browser allows
 * it; a stored value that does not parse as a draft reads as the initial value.
 */
export function createDraftStorage(storage?: () => Storage): SyncStorage<AssessmentDraft> {
  const json = storage ? createJSONStorage<unknown>(storage) : createJSONStorage<unknown>();
  return {
    getItem: (key, initialValue) => {
      const parsed = AssessmentDraft.safeParse(json.getItem(key, initialValue));
      return parsed.success ? parsed.data : initialValue;
    },
    setItem: (key, value) => json.setItem(key, value),
    removeItem: (key) => json.removeItem(key),
    subscribe: (key, callback, initialValue) =>
      json.subscribe?.(
        key,
        (value) => {
          const parsed = AssessmentDraft.safeParse(value);
          callback(parsed.success ? parsed.data : initialValue);
        },
        initialValue,
      ),
  };
}

/**
 * The visitor's draft, kept in local storage so a reload loses nothing. A stored value that does
 * not parse (an older shape, a hand edit) is ignored rather than trusted.
 */
export const assessmentDraftAtom = atomWithStorage<AssessmentDraft>(
  DRAFT_STORAGE_KEY,
  EMPTY_DRAFT,
  createDraftStorage(),
  { getOnInit: true },
);
