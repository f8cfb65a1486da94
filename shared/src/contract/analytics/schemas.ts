import { z } from 'zod';
import { MaturityLevelNumber } from '../common.js';
import { DemographicFieldType } from '../demographic-fields/schemas.js';

/**
 * The mean overall level: each submission's one overall level (the rounded mean of its pillar
 * levels, the level its results page, email, exports and webhook show), averaged. The Analytics
 * screen's headline tile and /api/v1 give this same number under this same name.
 */
const AverageOverallLevel = z.number().nullable().meta({
  description:
    "The mean of every submission's overall level (0-3), two decimals; null before the first submission. Each submission's overall level is the rounded mean of its pillar levels, the level its results page shows. Not the mean of averageMaturityScores, which weighs each pillar alike and skips the rounding.",
});

export const Analytics = z.object({
  /** Every submission stored. */
  totalSubmissions: z.number().int().meta({ description: 'Every submission stored' }),
  averageOverallLevel: AverageOverallLevel,
  /** Submissions per calendar month (UTC), oldest first. */
  submissionTrends: z.array(z.object({ month: z.string(), count: z.number().int() })),
  /**
   * Mean level (0-3) per pillar over every submission that scored it, one entry per pillar key
   * (its history, across content imports); pillarId is the pillar's id today, or the last id it
   * was scored under when it is gone.
   */
  averageMaturityScores: z
    .array(
      z.object({
        pillarId: z.number().int(),
        pillarKey: z.string(),
        pillarName: z.string(),
        averageScore: z.number(),
      }),
    )
    .meta({
      description:
        'Per pillar (one entry per pillar key, across content imports): the mean of its level (0-3) over every submission that scored it, two decimals.',
    }),
});
export type Analytics = z.infer<typeof Analytics>;

/**
 * What /api/v1 answers: the admin's analytics, field for field. It is its own name so the
 * OpenAPI document keeps the operation's schema name integrators generated clients from.
 */
export const V1AnalyticsOverview = Analytics;
export type V1AnalyticsOverview = z.infer<typeof V1AnalyticsOverview>;

/** How often one answer was given to a demographic field. */
export const V1AnswerCount = z.object({
  value: z.string(),
  count: z.number().int(),
  /** Share of the field's responses, 0-100, one decimal. */
  percentage: z.number(),
});

/** Answers counted per select or radio demographic field. */
export const V1DemographicsAnalytics = z.object({
  /** Every active select or radio field in display order, each option counted (zeros included). */
  fields: z.array(
    z.object({
      identifier: z.string(),
      label: z.string(),
      fieldType: DemographicFieldType,
      /** Submissions that answered this field. */
      responses: z.number().int(),
      /** The field's options in order, then any answer given to an option since removed. */
      answers: z.array(V1AnswerCount),
    }),
  ),
});
export type V1DemographicsAnalytics = z.infer<typeof V1DemographicsAnalytics>;

/** How many reached one maturity level. */
export const V1LevelCount = z.object({
  level: MaturityLevelNumber,
  /** None, Some, Advanced or Mature. */
  name: z.string(),
  count: z.number().int(),
  /** Share, 0-100, one decimal. */
  percentage: z.number(),
});

/** The distribution of maturity levels, overall and per pillar. */
export const V1MaturityLevels = z.object({
  totalSubmissions: z.number().int(),
  /** How many submissions reached each overall level (the rounded mean of their pillar levels). */
  overall: z.array(V1LevelCount),
  /** For each pillar ever scored (one per pillar key), how many submissions reached each of its levels. */
  pillars: z.array(
    z.object({
      pillarId: z.number().int(),
      pillarKey: z.string(),
      pillarName: z.string(),
      /** Submissions that scored this pillar. */
      scored: z.number().int(),
      levels: z.array(V1LevelCount),
    }),
  ),
});
export type V1MaturityLevels = z.infer<typeof V1MaturityLevels>;
