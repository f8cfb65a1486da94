import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE, INVALID_EMAIL } from './limits.js';
import { canonicalLanguageTag } from '../i18n/languages.js';

/** The largest value of PostgreSQL's `integer`, which every id and order column is. */
export const INT4_MAX = 2_147_483_647;

export {
  EMAIL_FIELD_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  INPUT_MAX_DEPTH,
  INVALID_EMAIL,
  NAME_MAX_LENGTH,
} from './limits.js';

const ID_DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * A database id given in a path or query: plain digits only, so " 1", "0x10", "1e3" and "+1" are
 * not ids, and never beyond the integer column's range.
 */
export const IntId = z
  .string({ error: 'must be a positive whole number' })
  .regex(ID_DIGITS, { error: 'must be a positive whole number' })
  .transform(Number)
  .pipe(z.number().max(INT4_MAX, { error: `must be at most ${INT4_MAX}` }));

/** A database id inside a JSON body. */
export const BodyId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(INT4_MAX, { error: `must be at most ${INT4_MAX}` });

/**
 * A whole number from JSON, or from a form field as plain digits ("5", not " 5" or "0x5"), within
 * the integer column's range.
 */
export const WholeNumber = (message: string, min = 0) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(INT4_MAX, { error: `must be at most ${INT4_MAX}` }),
  );

export const Uuid = z.uuid({ error: 'must be a valid id' });

export const EMAIL_TOO_LONG = `must be at most ${EMAIL_MAX_LENGTH} characters`;

/**
 * An email address as every field that takes one reads it: trimmed, lower case, at most
 * EMAIL_MAX_LENGTH characters, and shaped like an address. The one definition, so no field takes
 * an address that no mail server would.
 */
export const EmailAddress = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: EMAIL_TOO_LONG })
  .pipe(z.email({ error: INVALID_EMAIL }));

/** What a server-rendered form says of an address EmailAddress refuses; null when it takes it. */
export function emailProblem(value: string): string | null {
  if (EmailAddress.safeParse(value).success) return null;
  return value.trim().length > EMAIL_MAX_LENGTH ? EMAIL_TOO_LONG_MESSAGE : INVALID_EMAIL;
}

/** The one error shape: every 4xx and 5xx the API answers has this body. */
export const ErrorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  /** Dotted path of the first offending field, when the error is about input. */
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A maturity level, 0 (None) to 3 (Mature). */
export const MaturityLevelNumber = z.number().int().min(0).max(3);

export const IdParams = z.object({ id: IntId });

export const DeletedResponse = z.object({ deleted: z.literal(true) });

/** Longer than any password the server accepts, so a too-long one gets the page's own message. */
export const PASSWORD_FIELD_MAX_LENGTH = 1000;

/** A field of an HTML form the server renders: text of bounded length, empty when absent. */
export const formText = (max: number) => z.string({ error: 'must be text' }).max(max).default('');

/**
 * How questions are put to visitors: shuffled on each visit, or in each question's Order. Set on
 * the Settings screen, read by visitors through the public configuration.
 */
export const QuestionOrder = z.enum(['random', 'fixed']);
export type QuestionOrder = z.infer<typeof QuestionOrder>;

/** A BCP 47 language tag as a visitor's request may carry one ("de", "de-AT"). */
export const LanguageTag = z
  .string({ error: 'must be a language tag such as "de" or "de-AT"' })
  .max(35, { error: 'must be a language tag such as "de" or "de-AT"' })
  .regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/, { error: 'must be a language tag such as "de" or "de-AT"' });

/**
 * `?lang=` of a visitor's read: the language to answer in. One not offered finds its nearest
 * offered language ("de-AT" finds "de"), else the default language.
 */
export const LanguageQuery = z.object({ lang: LanguageTag.optional() });

/**
 * Only submissions taken in one language: a BCP 47 tag, matched as the language list writes it
 * ("DE" finds "de"). A malformed tag is refused; a well-formed one no submission was taken in
 * simply matches nothing, as any other exact filter does. The submissions' filters and the
 * analytics' share it.
 */
export const LanguageFilter = {
  language: LanguageTag.transform((tag) => canonicalLanguageTag(tag) ?? tag)
    .optional()
    .meta({ description: 'Only submissions taken in this language: a BCP 47 tag such as "de" or "en"' }),
};

/** The two paper sizes a PDF report is laid out for: the report routes' `paper` and the settings' default. */
export const REPORT_PAPER_SIZES = ['a4', 'letter'] as const;
export const ReportPaper = z.enum(REPORT_PAPER_SIZES, { error: 'must be a4 or letter' });
export type ReportPaper = z.infer<typeof ReportPaper>;

/**
 * A team's figures (issue 40), which the members' team view, the operator's organisation detail
 * and the key API share: per pillar the mean of the members' latest levels and percentages, the
 * lowest and highest level and how far apart they are.
 */
export const TeamPillar = z.object({
  pillarKey: z.string(),
  pillarName: z.string(),
  members: z.number().int().meta({ description: 'Members whose latest assessment scored the pillar' }),
  meanLevel: z.number(),
  meanPercentage: z.number(),
  lowestLevel: MaturityLevelNumber,
  highestLevel: MaturityLevelNumber,
  spread: z.number().int().meta({ description: 'highestLevel − lowestLevel: 0 where all agree' }),
  deviation: z
    .number()
    .meta({ description: 'The population standard deviation of the percentages, one decimal' }),
});
export type TeamPillar = z.infer<typeof TeamPillar>;

/** The figures of one assessment per member: each member's latest. */
export const TeamFigures = z.object({
  members: z.number().int(),
  meanLevel: z.number(),
  meanPercentage: z.number(),
  pillars: z.array(TeamPillar),
});
export type TeamFigures = z.infer<typeof TeamFigures>;

/** The figures of the members who share a role, where at least two do. */
export const TeamRoleFigures = z.object({ role: z.string(), figures: TeamFigures });
export type TeamRoleFigures = z.infer<typeof TeamRoleFigures>;

export const TeamHistoryPoint = z.object({
  month: z.string().meta({ description: "The month's first day, YYYY-MM-01 (UTC)" }),
  members: z.number().int(),
  meanLevel: z.number(),
  meanPercentage: z.number(),
});
export type TeamHistoryPoint = z.infer<typeof TeamHistoryPoint>;

/**
 * The first and last day a range may name. ISO 8601 has no year 0 for PostgreSQL (it refuses
 * 0000-01-01), and a range's end is queried as the instant after its last day, which for
 * 9999-12-31 is in year 10000: neither JavaScript's toISOString nor PostgreSQL reads that back as
 * the same four-digit-year timestamp. Everything in between both of them take.
 */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-30';
const DAY_BOUNDS = `must be a day from ${FIRST_DAY} to ${LAST_DAY}`;

/** A calendar day, YYYY-MM-DD, from FIRST_DAY to LAST_DAY. Ranges include both days, counted in UTC. */
export const CalendarDay = z.iso
  .date({ error: 'must be a date as YYYY-MM-DD' })
  // Same-width ISO dates order as text, so the bounds are plain comparisons.
  .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, { error: DAY_BOUNDS });
