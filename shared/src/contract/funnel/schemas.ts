import { z } from 'zod';
import { BodyId, CalendarDay } from '../common.js';
import {
  FUNNEL_MAX_POSITION,
  FUNNEL_MAX_RANGE_DAYS,
  FUNNEL_MAX_STEP_MS,
  FUNNEL_SOURCE_INPUT_MAX_LENGTH,
  FUNNEL_STEPS,
  TIMED_FUNNEL_STEPS,
} from './steps.js';

const questionId = BodyId('must be the id of a question in the assessment');

/** The time a visitor spent on the step they just moved on from. */
const LeftStep = z
  .strictObject({
    step: z.enum(TIMED_FUNNEL_STEPS, { error: `must be one of ${TIMED_FUNNEL_STEPS.join(', ')}` }),
    questionId: questionId.optional(),
    ms: z
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(0, { error: 'must not be negative' })
      .max(FUNNEL_MAX_STEP_MS, { error: `must be at most ${FUNNEL_MAX_STEP_MS} (a day)` }),
  })
  .superRefine((left, issues) => {
    if (left.step === 'question' && left.questionId === undefined) {
      issues.addIssue({ code: 'custom', path: ['questionId'], message: 'is required for a question' });
    }
    if (left.step !== 'question' && left.questionId !== undefined) {
      issues.addIssue({ code: 'custom', path: ['questionId'], message: 'is only for a question' });
    }
  });

/**
 * One step a visit reached, sent once per visit and step by the public pages with
 * `navigator.sendBeacon`. It names no visitor: no visit id, no address, no answer; the server adds
 * one to a count per day, step and source, and forgets the event.
 */
export const FunnelEvent = z
  .strictObject({
    step: z.enum(FUNNEL_STEPS, { error: `must be one of ${FUNNEL_STEPS.join(', ')}` }),
    /** For a question: which one (its id in the assessment the visitor was shown). */
    questionId: questionId.optional(),
    /** For a question: where it came in this visit, from 1 (questions are shown in a random order). */
    position: z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(FUNNEL_MAX_POSITION, { error: `must be at most ${FUNNEL_MAX_POSITION}` })
      .optional(),
    /** The visit's utm_source, as first seen; the server normalises it. */
    source: z
      .string({ error: 'must be text' })
      .max(FUNNEL_SOURCE_INPUT_MAX_LENGTH, {
        error: `must be at most ${FUNNEL_SOURCE_INPUT_MAX_LENGTH} characters`,
      })
      .optional(),
    /** The step the visitor moved on from to reach this one, and how long they spent there. */
    left: LeftStep.optional(),
  })
  .superRefine((event, issues) => {
    const isQuestion = event.step === 'question';
    for (const field of ['questionId', 'position'] as const) {
      if (isQuestion && event[field] === undefined) {
        issues.addIssue({ code: 'custom', path: [field], message: 'is required for a question' });
      }
      if (!isQuestion && event[field] !== undefined) {
        issues.addIssue({ code: 'custom', path: [field], message: 'is only for a question' });
      }
    }
  });
export type FunnelEvent = z.infer<typeof FunnelEvent>;

export const FunnelEventAccepted = z.object({ accepted: z.literal(true) });

const dayNumber = (text: string) => Date.parse(`${text}T00:00:00Z`) / 86_400_000;

export const FunnelQuery = z
  .object({
    /** First day counted (UTC); 29 days before `to` when absent, but never before FIRST_DAY. */
    from: CalendarDay.optional(),
    /** Last day counted (UTC); today when absent. */
    to: CalendarDay.optional(),
    /** Only visits from this source (as the funnel keeps it, `(direct)` for none); every source when absent. */
    source: z
      .string({ error: 'must be text' })
      .max(FUNNEL_SOURCE_INPUT_MAX_LENGTH, {
        error: `must be at most ${FUNNEL_SOURCE_INPUT_MAX_LENGTH} characters`,
      })
      .optional(),
  })
  .superRefine((query, issues) => {
    if (!query.from || !query.to) return;
    const days = dayNumber(query.to) - dayNumber(query.from);
    if (days < 0) issues.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days >= FUNNEL_MAX_RANGE_DAYS) {
      issues.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be within ${FUNNEL_MAX_RANGE_DAYS} days of from`,
      });
    }
  });
export type FunnelQuery = z.input<typeof FunnelQuery>;

/** A median time on a step, as the bucket it falls in: from `fromSeconds` up to (not including) `toSeconds`. */
export const FunnelTime = z.object({
  fromSeconds: z.number().int(),
  /** Null for the last bucket: five minutes or more. */
  toSeconds: z.number().int().nullable(),
});
export type FunnelTime = z.infer<typeof FunnelTime>;

/** Share in percent, one decimal; null when there was nothing to divide by. */
const Rate = z.number().nullable();

export const Funnel = z.object({
  from: z.string(),
  to: z.string(),
  /** The source filtered on, as kept; null for every source. */
  source: z.string().nullable(),
  /** Every source with visits in the range, most visits first: what the filter offers. */
  sources: z.array(z.object({ source: z.string(), visits: z.number().int() })),
  /**
   * Visits at each step from the landing page to the results: landing, started, demographics, each
   * question by its position in the visit (question 1, 2, …), submitted, results.
   */
  steps: z.array(
    z.object({
      /** landing, started, demographics, question-1 …, submitted or results. */
      id: z.string(),
      step: z.enum(FUNNEL_STEPS),
      /** For a question step: its position in the visit, from 1. */
      position: z.number().int().nullable(),
      label: z.string(),
      visits: z.number().int(),
      /** Visits of the step before that did not reach this one (0 for the first step, never negative). */
      dropOff: z.number().int(),
      /** dropOff as a share of the step before's visits. */
      dropOffRate: Rate,
    }),
  ),
  /**
   * Each question shown in the range (questions come in a random order, so each is also counted on
   * its own): how many were shown it, how many moved on from it, how many left there, and the
   * median time spent on it. Current questions in the questionnaire's order, removed ones last.
   */
  questions: z.array(
    z.object({
      questionKey: z.string(),
      /** Its id today; null once it was deleted. */
      questionId: z.number().int().nullable(),
      text: z.string(),
      shown: z.number().int(),
      movedOn: z.number().int(),
      /** Visits shown the question that never moved on from it. */
      leftHere: z.number().int(),
      leftRate: Rate,
      medianTime: FunnelTime.nullable(),
    }),
  ),
  /** Median time spent on the demographics step, by those who moved on from it. */
  demographicsMedianTime: FunnelTime.nullable(),
  /** Submitted visits as a share of landing page visits. */
  conversionRate: Rate,
  /** Submitted visits as a share of started assessments. */
  completionRate: Rate,
});
export type Funnel = z.infer<typeof Funnel>;
