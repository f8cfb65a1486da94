import { z } from 'zod';
import { COMPARISON_BASES } from '../../assessment/comparison-phrase.js';
import { BodyId, LanguageTag, MaturityLevelNumber, Uuid } from '../common.js';
import { ANSWERS_MAX, DEMOGRAPHIC_MAX_KEYS, DEMOGRAPHIC_VALUE_MAX_LENGTH } from '../limits.js';
import {
  ATTRIBUTION_VALUE_MAX_LENGTH,
  HOST_PATTERN,
  LANDING_PATH_MAX_LENGTH,
  NON_PRINTABLE,
  REFERRER_HOST_MAX_LENGTH,
} from '../../assessment/attribution.js';

export { ANSWERS_MAX, DEMOGRAPHIC_MAX_KEYS, DEMOGRAPHIC_VALUE_MAX_LENGTH };

const positiveId = (label: string) => BodyId(`${label} must be a positive whole number`);

/** Text of bounded length without unprintable characters; empty reads as absent. */
const attributionText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !NON_PRINTABLE.test(value), { error: 'must hold printable characters only' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const campaignValue = (parameter: string) =>
  attributionText(ATTRIBUTION_VALUE_MAX_LENGTH).meta({
    description: `The \`${parameter}\` parameter of the address the visitor arrived at`,
  });

/**
 * Where the visit that made a submission came from, as its browser saw it first. Every value is
 * optional: a visitor who typed the address brings none.
 */
export const SubmitAttribution = z.strictObject({
  source: campaignValue('utm_source'),
  medium: campaignValue('utm_medium'),
  campaign: campaignValue('utm_campaign'),
  term: campaignValue('utm_term'),
  content: campaignValue('utm_content'),
  ref: campaignValue('ref'),
  /** The host only: a full referring address can carry a person's search or session. */
  referrer: z
    .string({ error: 'must be text' })
    .trim()
    .toLowerCase()
    .max(REFERRER_HOST_MAX_LENGTH, { error: `must be at most ${REFERRER_HOST_MAX_LENGTH} characters` })
    .refine((value) => value === '' || HOST_PATTERN.test(value), {
      error: 'must be a host name such as example.com',
    })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .meta({ description: "The referring site's host name, never its full address" }),
  landingPath: attributionText(LANDING_PATH_MAX_LENGTH)
    .refine((value) => value == null || value.startsWith('/'), { error: 'must be a path starting with /' })
    .meta({ description: 'The path of the first page of the visit, without its query' }),
});
export type SubmitAttribution = z.input<typeof SubmitAttribution>;

export const SubmitRequest = z.strictObject({
  demographicData: z
    .record(
      z.string().min(1).max(64),
      z.string({ error: 'must be text' }).max(DEMOGRAPHIC_VALUE_MAX_LENGTH, {
        error: `must be at most ${DEMOGRAPHIC_VALUE_MAX_LENGTH} characters`,
      }),
    )
    .refine((data) => Object.keys(data).length <= DEMOGRAPHIC_MAX_KEYS, {
      error: `must have at most ${DEMOGRAPHIC_MAX_KEYS} fields`,
    }),
  answers: z
    .array(z.strictObject({ questionId: positiveId('questionId'), answerId: positiveId('answerId') }))
    .max(ANSWERS_MAX, { error: `must have at most ${ANSWERS_MAX} answers` }),
  attribution: SubmitAttribution.optional(),
  /**
   * The language the visitor took the assessment in; the results email and the analysis follow it.
   * One not offered finds its nearest offered language, else the default language.
   */
  language: LanguageTag.optional().meta({ description: 'The language the assessment was taken in' }),
  /**
   * The visitor ticked the consent statement: which version of it they saw (its `id` from
   * `/api/consent-statement`). Required while a statement is set.
   */
  consent: z
    .strictObject({ statementId: positiveId('statementId') })
    .optional()
    .meta({ description: 'The consent statement the visitor ticked, by the id they were shown' }),
  /**
   * The visitor ticked "Remind me to take it again": one email, the number of days the admin set
   * (Settings, Assessment) after this submission, to the submission's address.
   */
  remindMe: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .meta({ description: 'Whether to email the visitor a reminder to take the assessment again' }),
  /**
   * The visitor's choice, at a company address, to show colleagues their name and levels in the
   * team view; off unless ticked. Absent where the choice was not offered: an earlier one stands.
   */
  shareWithTeam: z.boolean({ error: 'must be true or false' }).optional().meta({
    description: "Whether colleagues at the visitor's company domain may see their name and levels",
  }),
  /** The team invite the assessment was opened from; kept only when it was the address's own. */
  teamInviteId: Uuid.optional().meta({ description: 'The team invite this assessment was taken from' }),
  /**
   * Honeypot: a field hidden from people. Bots that fill every input set it; such a submission is
   * answered like any other but not stored.
   */
  website: z.string().max(DEMOGRAPHIC_VALUE_MAX_LENGTH).optional(),
});
export type SubmitRequest = z.infer<typeof SubmitRequest>;

export const SubmitResponse = z.object({ submissionId: z.uuid() });
export type SubmitResponse = z.infer<typeof SubmitResponse>;

export const SubmissionIdParams = z.object({ submissionId: z.string().max(64) });

export const PillarScore = z.object({
  /** The pillar's id when the submission was scored. */
  pillarId: z.number().int(),
  /** The pillar's lasting key (as in /api/v1/pillars): a content import may change ids, never keys. */
  pillarKey: z.string(),
  pillarName: z.string(),
  /** Maturity level, 0-3. */
  score: MaturityLevelNumber,
  /** Points earned over points possible, 0-1. */
  normalizedScore: z.number().min(0).max(1),
});
export type PillarScore = z.infer<typeof PillarScore>;

export const Recommendation = z.object({
  emoji: z.string(),
  title: z.string(),
  description: z.string(),
});
export type Recommendation = z.infer<typeof Recommendation>;

export const Analysis = z.object({
  summary: z.string(),
  recommendations: z.array(Recommendation),
});
export type Analysis = z.infer<typeof Analysis>;

export const StoredAnalysis = Analysis.extend({
  /** Which analyst wrote it: `builtin`, or `openai:<model>` for a model. */
  source: z.string(),
  /** Why the built-in analyst wrote it although a model is configured. */
  fallbackReason: z.string().optional(),
  /** The language it is written in; the admin is told when it is not the submission's (no analyst texts in that language). Absent on analyses written before languages. */
  language: z.string().optional(),
  generatedAt: z.string(),
});
export type StoredAnalysis = z.infer<typeof StoredAnalysis>;

export const ResultsResponse = z.object({
  submissionId: z.uuid(),
  submittedAt: z.string(),
  /** The language the assessment was taken in (the analysis is written in it). */
  language: z.string(),
  /** Rounded mean of the pillar levels: the banner on the results page. */
  overallLevel: MaturityLevelNumber,
  pillarScores: z.array(PillarScore),
  analysis: Analysis,
  submission: z.object({
    id: z.uuid(),
    demographicData: z.record(z.string(), z.string()),
    aiAnalysis: StoredAnalysis.nullable(),
  }),
});
export type ResultsResponse = z.infer<typeof ResultsResponse>;

/** Which answers made other submissions "similar" for the peer comparison. */
export const ComparisonBasis = z.enum(COMPARISON_BASES);
export type ComparisonBasis = z.infer<typeof ComparisonBasis>;

/** The figures of the group a submission is compared with. */
export const PeerComparison = z.object({
  /** Other MSPs' submissions compared: the visitor's own is never among them. */
  totalSubmissions: z.number().int(),
  basis: ComparisonBasis,
  avgMaturityLevel: z.number(),
  distribution: z.array(z.object({ level: MaturityLevelNumber, percentage: z.number() })),
  avgPillarScores: z.array(z.object({ pillarName: z.string(), avgScore: z.number() })),
});
export type PeerComparison = z.infer<typeof PeerComparison>;

/**
 * No group, not even everyone, holds enough other submissions: figures from so few would let a
 * visitor work out another MSP's answers, so none are sent.
 */
export const NoComparison = z.object({ basis: z.null() });

export const ComparisonResponse = z.union([PeerComparison, NoComparison]);
export type ComparisonResponse = z.infer<typeof ComparisonResponse>;
