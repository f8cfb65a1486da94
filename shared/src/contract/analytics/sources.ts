import { z } from 'zod';
import { defineRoute } from '../route.js';
import { LanguageFilter } from '../common.js';
import { DateRange, END_BEFORE_START, endNotBeforeStart } from '../submissions/schemas.js';
import { analyticsEndpoints } from './endpoints.js';

/** The most sources (and mediums, campaigns, referral codes) answered: the busiest first. */
export const SOURCES_LISTED_MAX = 20;
/**
 * The most periods one answer counts, per interval: a wider range is refused. A year of days (a
 * row per day, value and shard to sum) keeps the answer quick; months are few at any range.
 */
export const SOURCE_PERIODS_MAX = { day: 366, month: 1000 } as const;
export const SOURCE_INTERVALS = ['day', 'month'] as const;
export type SourceInterval = (typeof SOURCE_INTERVALS)[number];

export const SourcesAnalyticsQuery = z
  .strictObject({
    ...DateRange,
    interval: z
      .enum(SOURCE_INTERVALS, { error: 'must be day or month' })
      .default('month')
      .meta({ description: 'Count per calendar day or per month (UTC)' }),
    ...LanguageFilter,
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type SourcesAnalyticsQuery = z.input<typeof SourcesAnalyticsQuery>;

/** One source's (or medium's, campaign's, referral code's) submissions, in all and per period. */
export const SourceSeries = z.object({
  /** The utm_source (or utm_medium, utm_campaign, ref); null for submissions that brought none. */
  name: z.string().nullable(),
  submissions: z.number().int(),
  /** Submissions in each period, in the order of `periods`. */
  counts: z.array(z.number().int()),
});
export type SourceSeries = z.infer<typeof SourceSeries>;

export const SourcesAnalytics = z.object({
  interval: z.enum(SOURCE_INTERVALS),
  /**
   * Every period of the range, oldest first: `YYYY-MM-DD` days or `YYYY-MM` months. Without dates,
   * from the first submission's period to the last one's (for days, at most the last 366).
   */
  periods: z.array(z.string()),
  /** Submissions in the range. */
  totalSubmissions: z.number().int(),
  /** The busiest sources of the range, most submissions first, at most 20. */
  sources: z.array(SourceSeries),
  /** The busiest mediums (utm_medium) of the range, most submissions first, at most 20. */
  mediums: z.array(SourceSeries),
  /** The busiest campaigns of the range, most submissions first, at most 20. */
  campaigns: z.array(SourceSeries),
  /** The busiest referral codes (`ref`, a partner's code) of the range, most submissions first, at most 20. */
  refs: z.array(SourceSeries),
  /** The languages submissions were taken in (BCP 47 tags), most submissions first, at most 20. */
  languages: z.array(SourceSeries).meta({
    description:
      'The languages the assessments were taken in (BCP 47 tags), most submissions first, at most 20; with `language`, that one alone',
  }),
});
export type SourcesAnalytics = z.infer<typeof SourcesAnalytics>;

const example: SourcesAnalytics = {
  interval: 'month',
  periods: ['2026-10', '2026-11'],
  totalSubmissions: 128,
  sources: [
    { name: 'linkedin', submissions: 70, counts: [30, 40] },
    { name: null, submissions: 58, counts: [27, 31] },
  ],
  mediums: [
    { name: 'social', submissions: 70, counts: [30, 40] },
    { name: null, submissions: 58, counts: [27, 31] },
  ],
  campaigns: [
    { name: 'spring-webinar', submissions: 52, counts: [20, 32] },
    { name: null, submissions: 76, counts: [37, 39] },
  ],
  refs: [
    { name: 'partner-acme', submissions: 18, counts: [8, 10] },
    { name: null, submissions: 110, counts: [49, 61] },
  ],
  languages: [
    { name: 'en', submissions: 96, counts: [44, 52] },
    { name: 'de', submissions: 32, counts: [13, 19] },
  ],
};

/** Routes of the analytics by source and campaign, for the admin and the key API. */
export const sourcesAnalyticsRoutes = {
  getSourcesAnalytics: defineRoute(analyticsEndpoints.getSourcesAnalytics, {
    summary: 'Submissions per source and per campaign, per day or month',
    query: SourcesAnalyticsQuery,
    response: SourcesAnalytics,
  }),
  v1GetSourcesAnalytics: defineRoute(analyticsEndpoints.v1GetSourcesAnalytics, {
    summary:
      'Submissions per source (utm_source), medium (utm_medium), campaign (utm_campaign), referral code (ref) and language, per day or month; `language` narrows them all to the submissions taken in it',
    query: SourcesAnalyticsQuery,
    response: SourcesAnalytics,
    examples: {
      query: { startDate: '2026-10-01', endDate: '2026-11-30', interval: 'month' },
      response: example,
    },
  }),
};
