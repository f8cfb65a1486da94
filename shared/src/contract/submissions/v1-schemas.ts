import { z } from 'zod';
import { EMAIL_MAX_LENGTH, LanguageFilter } from '../common.js';
import {
  AttributionFilters,
  DateRange,
  END_BEFORE_START,
  endNotBeforeStart,
  PageFields,
  SubmissionDetail,
} from './schemas.js';
import { TeamOrigin } from './previous-schemas.js';
import { LeadFilters, NEXT_STEP_END_BEFORE_START, nextStepEndNotBeforeStart } from './lead-schemas.js';

/** A page of submissions, newest first, optionally within a range of days. */
export const V1SubmissionListQuery = z
  .strictObject({ ...PageFields, ...AttributionFilters, ...LanguageFilter, ...LeadFilters, ...DateRange })
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine(nextStepEndNotBeforeStart, NEXT_STEP_END_BEFORE_START);
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
    ...AttributionFilters,
    ...LanguageFilter,
    ...LeadFilters,
    ...PageFields,
    ...DateRange,
  })
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine(nextStepEndNotBeforeStart, NEXT_STEP_END_BEFORE_START);
export type V1SubmissionSearchQuery = z.input<typeof V1SubmissionSearchQuery>;

/** A submission with its answers, as frozen when it was submitted. */
export const V1SubmissionDetail = SubmissionDetail.pick({
  submission: true,
  answers: true,
  previous: true,
  notes: true,
}).extend(TeamOrigin);
export type V1SubmissionDetail = z.infer<typeof V1SubmissionDetail>;

/** A submission's id (a UUID) in the path. */
export const V1SubmissionIdParams = z.object({ id: z.uuid({ error: 'must be a submission id' }) });
