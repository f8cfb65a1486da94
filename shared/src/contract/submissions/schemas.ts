import { z } from 'zod';
import {
  CalendarDay,
  EMAIL_MAX_LENGTH,
  FIRST_DAY,
  LanguageFilter,
  LAST_DAY,
  MaturityLevelNumber,
  WholeNumber,
} from '../common.js';
import { PreviousSubmission, VisitsFilter } from './previous-schemas.js';
import {
  Lead,
  LeadFilters,
  LeadNote,
  NEXT_STEP_END_BEFORE_START,
  nextStepEndNotBeforeStart,
} from './lead-schemas.js';

// A lead is a submission's state with the team: its shapes are the submissions' own.
export * from './lead-schemas.js';
import { ATTRIBUTION_VALUE_MAX_LENGTH } from '../../assessment/attribution.js';

export const SUBMISSIONS_PAGE_SIZE = 25;
export const SUBMISSIONS_PAGE_SIZE_MAX = 100;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/**
 * Most submissions a transposed export may hold: each becomes a column, and a sheet has 16,384.
 * A thousand columns is already past what anyone reads across.
 */
export const EXPORT_TRANSPOSE_MAX = 1000;

/** An optional range of calendar days (UTC), both included; refine with `endNotBeforeStart`. */
export const DateRange = {
  startDate: CalendarDay.optional().meta({
    description: `First day included, YYYY-MM-DD (UTC), from ${FIRST_DAY} to ${LAST_DAY}`,
  }),
  endDate: CalendarDay.optional().meta({
    description: `Last day included, YYYY-MM-DD (UTC), from ${FIRST_DAY} to ${LAST_DAY}`,
  }),
};

export function endNotBeforeStart(range: { startDate?: string; endDate?: string }) {
  return !range.startDate || !range.endDate || range.startDate <= range.endDate;
}
export const END_BEFORE_START = { path: ['endDate'], error: 'must be on or after startDate' };

/** A page of a list: page from 1, and its size up to SUBMISSIONS_PAGE_SIZE_MAX. */
export const PageFields = {
  page: WholeNumber('must be a page number from 1', 1)
    .default(1)
    .meta({ description: 'Page number, from 1' }),
  pageSize: WholeNumber(`must be from 1 to ${SUBMISSIONS_PAGE_SIZE_MAX}`, 1)
    .pipe(
      z.number().max(SUBMISSIONS_PAGE_SIZE_MAX, { error: `must be from 1 to ${SUBMISSIONS_PAGE_SIZE_MAX}` }),
    )
    .default(SUBMISSIONS_PAGE_SIZE)
    .meta({ description: 'Submissions per page', maximum: SUBMISSIONS_PAGE_SIZE_MAX }),
};

/** Where a submission came from; null where the visit brought nothing. */
export const Attribution = z.object({
  source: z.string().nullable().meta({ description: 'utm_source' }),
  medium: z.string().nullable().meta({ description: 'utm_medium' }),
  campaign: z.string().nullable().meta({ description: 'utm_campaign' }),
  term: z.string().nullable().meta({ description: 'utm_term' }),
  content: z.string().nullable().meta({ description: 'utm_content' }),
  ref: z.string().nullable().meta({ description: 'The `ref` parameter: a partner or campaign code' }),
  referrer: z.string().nullable().meta({ description: "The referring site's host name" }),
  landingPath: z.string().nullable().meta({ description: 'The path of the first page of the visit' }),
});
export type Attribution = z.infer<typeof Attribution>;

/** An exact source, medium, campaign or referral code to list; compared as stored, case included. */
const attributionFilter = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `must not be empty; leave ${what} out to list every ${what}` })
    .max(ATTRIBUTION_VALUE_MAX_LENGTH, {
      error: `must be at most ${ATTRIBUTION_VALUE_MAX_LENGTH} characters`,
    })
    .optional();

/**
 * The filters by attribution, shared by the admin's list, its export and the key API's list,
 * search and export: each narrows to one exact value, and together to submissions that have them
 * all (a partner's code and one campaign, say).
 */
export const AttributionFilters = {
  source: attributionFilter('source').meta({ description: 'Only submissions with exactly this utm_source' }),
  medium: attributionFilter('medium').meta({ description: 'Only submissions with exactly this utm_medium' }),
  campaign: attributionFilter('campaign').meta({
    description: 'Only submissions with exactly this utm_campaign',
  }),
  ref: attributionFilter('ref').meta({
    description: 'Only submissions with exactly this referral code (the `ref` parameter of the visit)',
  }),
};
/** The attribution filters by their query names. */
export const ATTRIBUTION_FILTER_NAMES = ['source', 'medium', 'campaign', 'ref'] as const;
export type AttributionFilterName = (typeof ATTRIBUTION_FILTER_NAMES)[number];

/** The consent statement a submitter ticked, as they saw it, and when they submitted with it. */
export const SubmissionConsent = z.object({
  text: z.string().meta({ description: 'The consent statement exactly as the submitter saw and ticked it' }),
  consentedAt: z.string().meta({ description: 'When the submission carrying the consent was received' }),
});
export type SubmissionConsent = z.infer<typeof SubmissionConsent>;

export const SubmissionListQuery = z
  .strictObject({
    ...PageFields,
    /** Matches name, email or company, case-insensitively. */
    search: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
    ...AttributionFilters,
    ...LanguageFilter,
    visits: VisitsFilter.optional(),
    ...LeadFilters,
    ...DateRange,
  })
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine(nextStepEndNotBeforeStart, NEXT_STEP_END_BEFORE_START);
export type SubmissionListQuery = z.input<typeof SubmissionListQuery>;

export const AdminPillarScore = z.object({
  /** The pillar's id when the submission was scored; a content import may have given it another since. */
  pillarId: z.number().int(),
  /** The pillar's lasting key: the one to join on, as it survives renames and content imports. */
  pillarKey: z.string().meta({
    description:
      "The pillar's lasting key (as in /api/v1/pillars): join on it, not on pillarId, which is the id the pillar had when the submission was scored",
  }),
  pillarName: z.string(),
  level: MaturityLevelNumber,
  /** Points earned over points possible, 0-100, one decimal. */
  percentage: z.number(),
});
export type AdminPillarScore = z.infer<typeof AdminPillarScore>;

export const AdminSubmission = z.object({
  id: z.uuid(),
  submittedAt: z.string(),
  ipAddress: z.string().nullable(),
  demographicData: z.record(z.string(), z.string()),
  scores: z.object({
    /** The rounded mean of the pillar levels: the level the visitor saw on the results page. */
    overallLevel: MaturityLevelNumber,
    /** The average score: the mean of the pillar percentages, one decimal. */
    cumulativeAverage: z.number(),
    pillarScores: z.array(AdminPillarScore),
  }),
  answerCount: z.number().int(),
  attribution: Attribution,
  language: z.string().meta({
    description:
      'The language the assessment was taken in (a BCP 47 tag). Its answers and scores are those of every language: texts are stored in the default language',
  }),
  /** Null when the assessment asked for no consent when this was submitted. */
  consent: SubmissionConsent.nullable(),
  /** Where the team stands with it: status, owner, next step, notes. */
  lead: Lead,
});
export type AdminSubmission = z.infer<typeof AdminSubmission>;

/**
 * Most matches a searched list counts. A search for a common name can match tens of thousands of
 * a million submissions; counting them all would cost more than the page itself, and past this
 * many nobody pages through them but narrows the search instead.
 */
export const SUBMISSIONS_COUNT_CAP = 10_000;

export const Pagination = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z
    .number()
    .int()
    .meta({
      description: `How many match; when totalCapped is true, the count stopped there (${SUBMISSIONS_COUNT_CAP.toLocaleString('en-US')}) and more match`,
    }),
  totalPages: z.number().int().meta({
    description: 'Pages of total; when totalCapped is true, later pages are still answered when asked for',
  }),
  totalCapped: z.boolean().meta({
    description: `True when more than total match: a text search (search, or q on /api/v1) counts at most ${SUBMISSIONS_COUNT_CAP.toLocaleString('en-US')} matches; narrow it to count them all. Other filters are always counted exactly`,
  }),
});
export type Pagination = z.infer<typeof Pagination>;

export const SubmissionList = z.object({
  submissions: z.array(AdminSubmission),
  pagination: Pagination,
});
export type SubmissionList = z.infer<typeof SubmissionList>;

export const SubmissionAnswer = z.object({
  /** The question's lasting key (as in /api/v1/questions), kept through edits and content imports. */
  questionKey: z.string().meta({
    description:
      "The question's lasting key (as in /api/v1/questions), kept through edits and content imports",
  }),
  questionOrder: z.number().int(),
  questionText: z.string(),
  answerText: z.string(),
  answerDescription: z.string().nullable(),
});
export type SubmissionAnswer = z.infer<typeof SubmissionAnswer>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookAttempt = z.object({
  attempt: z.number().int(),
  /** When the attempt started. */
  at: z.string(),
  durationMs: z.number().int().nullable(),
  /** The receiver's HTTP status, when it answered. */
  httpStatus: z.number().int().nullable(),
  /** What went wrong: a non-2xx answer, a timeout, a refused connection. */
  error: z.string().nullable(),
  succeeded: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  /** The webhook-id header: the same for every attempt of one delivery. */
  id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
  /** When the next attempt is due, while one is. */
  nextAttemptAt: z.string().nullable(),
  /** Oldest first. */
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** Which analyst wrote a stored analysis. */
export const ANALYSTS = ['model', 'builtin'] as const;

/** The analysis the visitor got, and who wrote it. */
export const SubmissionAnalysis = z.object({
  summary: z.string(),
  recommendations: z.array(z.object({ emoji: z.string(), title: z.string(), description: z.string() })),
  writtenBy: z.enum(ANALYSTS),
  /** The model's name, when a model wrote it. */
  model: z.string().nullable(),
  /** Why the built-in analyst wrote it: no model was configured, or the model failed and how. */
  reason: z.string().nullable(),
  /**
   * The language it is written in: the submission's, or the default language's when the built-in
   * analyst has no texts in the submission's (the admin says so). Null for analyses written
   * before languages, which are English.
   */
  language: z.string().nullable(),
  generatedAt: z.string(),
});
export type SubmissionAnalysis = z.infer<typeof SubmissionAnalysis>;

export const SubmissionDetail = z.object({
  submission: AdminSubmission,
  previous: PreviousSubmission.nullable(),
  /** As frozen when it was submitted, in question order. */
  answers: z.array(SubmissionAnswer),
  /** Every webhook delivery of this submission, newest first. */
  webhookDeliveries: z.array(WebhookDelivery),
  /** The stored analysis; null until one is written (the first view of the results, or the job). */
  analysis: SubmissionAnalysis.nullable(),
  /** Whether an analysis job is queued or running for it (a regeneration under way). */
  analysisPending: z.boolean(),
  /** The lead's timeline, oldest first. */
  notes: z.array(LeadNote),
});
export type SubmissionDetail = z.infer<typeof SubmissionDetail>;

export const AdminSubmissionIdParams = z.object({ id: z.uuid({ error: 'must be a submission id' }) });

export const ResendWebhookResponse = z.object({ queued: z.literal(true), deliveryId: z.string() });
export type ResendWebhookResponse = z.infer<typeof ResendWebhookResponse>;

export const SubmissionDomains = z.object({
  domains: z.array(z.object({ domain: z.string(), submissions: z.number().int() })),
});
export type SubmissionDomains = z.infer<typeof SubmissionDomains>;

const DOMAIN_MISSING = 'must name an email domain, e.g. example.com';
const Domain = z
  .string({ error: DOMAIN_MISSING })
  .trim()
  .toLowerCase()
  .min(1, { error: DOMAIN_MISSING })
  .max(255, { error: 'must be at most 255 characters' });

export const DomainEmailsQuery = z.strictObject({ domain: Domain });
export const DomainEmails = z.object({ emails: z.array(z.string()) });
export type DomainEmails = z.infer<typeof DomainEmails>;

/** The export's domain; left out, the export covers every domain (one row per submission). */
const ExportDomain = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'must not be empty; leave domain out to export every domain' })
  .max(255, { error: 'must be at most 255 characters' })
  .optional()
  .meta({ description: "The submitters' email domain, e.g. example.com; left out, every domain" });

/** What an export that matches no submission answers (404), instead of a file of headers only. */
export const EXPORT_NOTHING_MATCHES = 'No submissions match this export';

/** Exports one server instance runs at once; one more is refused (429) until one ends. */
export const EXPORTS_AT_ONCE = 2;
/** What the one export too many answers, with a Retry-After. */
export const EXPORT_BUSY_MESSAGE =
  'Two exports are already running on the server. Yours has not started; try again in a few seconds.';

/** What the admin's check before a download says: the export would start, with this many submissions. */
export const ExportCheck = z.object({ submissions: z.number().int().positive() });
export type ExportCheck = z.infer<typeof ExportCheck>;

export const SubmissionExportQuery = z
  .strictObject({
    domain: ExportDomain,
    ...AttributionFilters,
    ...LanguageFilter,
    ...DateRange,
    /** Comma-joined; empty or absent means every submitter of the domain. */
    submitterEmails: z
      .string()
      .max(100_000)
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(EMAIL_MAX_LENGTH)).max(5000, { error: 'must list at most 5000 emails' })),
    /** true: one column per submission instead of one row. */
    transpose: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    format: z.enum(EXPORT_FORMATS, { error: 'must be csv or xlsx' }).default('csv'),
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type SubmissionExportQuery = z.input<typeof SubmissionExportQuery>;

export const ClearedResponse = z.object({ cleared: z.literal(true) });

/**
 * The results email of a submission as the active template renders it. With no active template,
 * `template` is null and nothing else is given: nothing would be sent.
 */
export const SubmissionEmailPreview = z.object({
  template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
});
export type SubmissionEmailPreview = z.infer<typeof SubmissionEmailPreview>;
