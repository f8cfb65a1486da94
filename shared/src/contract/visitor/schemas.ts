import { z } from 'zod';
import { EmailAddress, LanguageTag, Uuid } from '../common.js';

/**
 * A request for a sign-in link: to an address typed at /my, or to the address of a submission
 * whose results page the visitor has open (which the page need not show to ask). `lang` is the
 * page's language, which the email is written in.
 */
export const VisitorLinkRequest = z
  .object({
    email: EmailAddress.optional(),
    submissionId: Uuid.optional(),
    lang: LanguageTag.optional(),
  })
  .refine((body) => (body.email === undefined) !== (body.submissionId === undefined), {
    error: 'give an email address or a submission id, not both',
    path: ['email'],
  });
export type VisitorLinkRequest = z.infer<typeof VisitorLinkRequest>;

/** The same answer for every address, known or not: the link, if any, is on its way. */
export const VisitorLinkResponse = z.object({ accepted: z.literal(true) });
export type VisitorLinkResponse = z.infer<typeof VisitorLinkResponse>;

export const VisitorSessionRequest = z.object({
  token: z.string({ error: 'is required' }).min(20, { error: 'is not a sign-in link' }).max(100, {
    error: 'is not a sign-in link',
  }),
});
export type VisitorSessionRequest = z.infer<typeof VisitorSessionRequest>;

export const VisitorSessionResponse = z.object({ email: z.string() });
export type VisitorSessionResponse = z.infer<typeof VisitorSessionResponse>;

/** A change since the previous assessment: in levels and in score (percentage points). */
export const VisitorChange = z.object({ level: z.number().int(), score: z.number() });
export type VisitorChange = z.infer<typeof VisitorChange>;

export const VisitorPillar = z.object({
  pillarKey: z.string(),
  pillarName: z.string(),
  level: z.number().int(),
  /** One decimal, 0-100, as the admin, the exports and /api/v1 show it. */
  percentage: z.number(),
  /** null on the first assessment, or where the previous one had no such pillar. */
  change: VisitorChange.nullable(),
});
export type VisitorPillar = z.infer<typeof VisitorPillar>;

export const VisitorAssessment = z.object({
  submissionId: z.string(),
  submittedAt: z.string(),
  language: z.string(),
  overallLevel: z.number().int(),
  /** The mean of the pillar percentages, one decimal. */
  cumulativeAverage: z.number(),
  /** Against the assessment before it; null for the first. */
  change: VisitorChange.nullable(),
  pillars: z.array(VisitorPillar),
});
export type VisitorAssessment = z.infer<typeof VisitorAssessment>;

/** Every assessment of the verified address, newest first, with what "Take it again" prefills. */
export const VisitorHistory = z.object({
  email: z.string(),
  assessments: z.array(VisitorAssessment),
  /** The latest submission's demographic answers, which a new assessment starts from. */
  latestDemographics: z.record(z.string(), z.string()).nullable(),
});
export type VisitorHistory = z.infer<typeof VisitorHistory>;

/** How many of the visitor's assessments their own erasure deleted. */
export const VisitorHistoryDeleted = z.object({ deleted: z.number().int().min(0) });
export type VisitorHistoryDeleted = z.infer<typeof VisitorHistoryDeleted>;
