import { z } from 'zod';
import { EMAIL_MAX_LENGTH, IntId, NAME_MAX_LENGTH } from './common.js';
import { DemographicFieldType } from './demographics.js';
import { MaturityLevelNumber } from './matrix.js';
import {
  Analytics,
  DateRange,
  END_BEFORE_START,
  PageFields,
  SubmissionDetail,
  endNotBeforeStart,
} from './submissions.js';
import { UserRole, UserStatus } from './users.js';

/** The base path of the key-based API (spec 9). */
export const API_V1_BASE_PATH = '/api/v1';
/** The name the admin's download of the OpenAPI document is saved under (spec 9). */
export const OPENAPI_FILE_NAME = 'msp-maturity-api-spec.json';
/** Requests one API key may make per minute unless the server is configured otherwise. */
export const API_RATE_LIMIT_PER_MINUTE_DEFAULT = 600;

/** A page of submissions, newest first, optionally within a range of days. */
export const V1SubmissionListQuery = z
  .strictObject({ ...PageFields, ...DateRange })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type V1SubmissionListQuery = z.input<typeof V1SubmissionListQuery>;

const SEARCH_MAX_LENGTH = 200;

/** Submissions matching every criterion given (text, email, domain, days), a page at a time. */
export const V1SubmissionSearchQuery = z
  .strictObject({
    /** Matches first name, last name, email or company, case-insensitively, anywhere in them. */
    q: z
      .string()
      .trim()
      .max(SEARCH_MAX_LENGTH, { error: `must be at most ${SEARCH_MAX_LENGTH} characters` })
      .optional()
      .meta({ description: 'Text found in the first name, last name, email or company (any case)' }),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH, { error: `must be at most ${EMAIL_MAX_LENGTH} characters` })
      .optional()
      .meta({ description: "The submitter's whole email address (any case)" }),
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^@?[^@\s]+$/, { error: 'must be an email domain such as example.com' })
      .max(255, { error: 'must be at most 255 characters' })
      .optional()
      .transform((value) => value?.replace(/^@/, ''))
      .meta({ description: "The part of the submitter's email after the @, e.g. example.com" }),
    ...PageFields,
    ...DateRange,
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type V1SubmissionSearchQuery = z.input<typeof V1SubmissionSearchQuery>;

/** A submission with its answers, as frozen when it was submitted. */
export const V1SubmissionDetail = SubmissionDetail.pick({ submission: true, answers: true });
export type V1SubmissionDetail = z.infer<typeof V1SubmissionDetail>;

/** A submission's id (a UUID) in the path. */
export const V1SubmissionIdParams = z.object({ id: z.uuid({ error: 'must be a submission id' }) });

/** The admin's analytics, with the total and the mean overall level. */
export const V1AnalyticsOverview = Analytics.extend({
  totalSubmissions: z.number().int(),
  /** Mean overall level (0-3) of every submission, two decimals; null before the first. */
  averageOverallLevel: z.number().nullable(),
});
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
  /** How many submissions reached each overall level (the level of their cumulative average). */
  overall: z.array(V1LevelCount),
  /** For each pillar ever scored, how many submissions reached each of its levels. */
  pillars: z.array(
    z.object({
      pillarId: z.number().int(),
      pillarName: z.string(),
      /** Submissions that scored this pillar. */
      scored: z.number().int(),
      levels: z.array(V1LevelCount),
    }),
  ),
});
export type V1MaturityLevels = z.infer<typeof V1MaturityLevels>;

/** A user's id in the path. */
export const V1UserIdParams = z.object({ id: IntId });

/** A name to set: blank clears it. */
const NameChange = z
  .string({ error: 'must be text or null' })
  .trim()
  .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` })
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** Changes to a user: any of names, role and status; at least one. */
export const V1UpdateUserRequest = z
  .strictObject({
    firstName: NameChange,
    lastName: NameChange,
    role: UserRole.optional(),
    status: UserStatus.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'give at least one of firstName, lastName, role or status',
  });
export type V1UpdateUserRequest = z.input<typeof V1UpdateUserRequest>;
