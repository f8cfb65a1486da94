import { z } from 'zod';
import { MaturityLevelNumber } from '../common.js';

/** A change from one assessment to the next: in levels, and in score (percentage points, one decimal). */
export const ScoreChange = z.object({ level: z.number().int(), score: z.number() });
export type ScoreChange = z.infer<typeof ScoreChange>;

/**
 * The same person's assessment before this one (by email address, by submission time), and how
 * far this one moved from it: overall and per pillar (the pillars both were scored on, matched by
 * their lasting key).
 */
export const PreviousSubmission = z
  .object({
    id: z.uuid(),
    submittedAt: z.string(),
    overallLevel: MaturityLevelNumber,
    cumulativeAverage: z.number(),
    /** This submission's place among the person's: 2 for their second. */
    assessmentNumber: z.number().int().min(2),
    changes: z.object({
      overall: ScoreChange,
      pillars: z.array(ScoreChange.extend({ pillarKey: z.string(), pillarName: z.string() })),
    }),
  })
  .meta({
    description:
      "The submitter's assessment before this one (same email address) and the change since it; null for a first assessment",
  });
export type PreviousSubmission = z.infer<typeof PreviousSubmission>;

/** The list's visitors: first, a person's first assessment (or one without an address); returning, a later one. */
export const VisitsFilter = z.enum(['first', 'returning'], { error: 'must be first or returning' });

/**
 * Whose organisation a submission counts for, and whether a colleague's team invite brought it:
 * what the webhook and the key API's detail say, so a CRM files it under the company.
 */
export const TeamOrigin = {
  organisation: z
    .object({ domain: z.string().meta({ description: 'The company email domain, lower case' }) })
    .nullable()
    .meta({
      description:
        'The organisation the submission counts for (as in /api/v1/organisations/{domain}); null when the address is a personal (free-mail or disposable) one, or none was given',
    }),
  fromTeamInvite: z.boolean().meta({ description: "Whether it was made from a colleague's team invite" }),
};
