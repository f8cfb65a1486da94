import { z } from 'zod';
import { LanguageFilter } from '../common.js';
import {
  DateRange,
  END_BEFORE_START,
  endNotBeforeStart,
  PageFields,
  Pagination,
  SUBMISSIONS_PAGE_SIZE_MAX,
} from '../submissions/schemas.js';

const SEARCH_MAX_LENGTH = 200;

/** The filters of the saved drafts: the list's, its CSV's and the key API's alike. */
const DraftFilters = {
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: `must be at most ${SEARCH_MAX_LENGTH} characters` })
    .optional()
    .meta({ description: 'Text found in the email, first name, last name or company (any case)' }),
  language: LanguageFilter.language.meta({
    description: 'Only drafts saved in this language: a BCP 47 tag such as "de" or "en"',
  }),
  startDate: DateRange.startDate.meta({
    description: 'Only drafts last saved on or after this day, YYYY-MM-DD (UTC)',
  }),
  endDate: DateRange.endDate.meta({
    description: 'Only drafts last saved on or before this day, YYYY-MM-DD (UTC)',
  }),
};

/** A page of the saved drafts, newest activity first, narrowed by text, language and days of last activity. */
export const DraftListQuery = z
  .strictObject({
    page: PageFields.page,
    pageSize: PageFields.pageSize.meta({
      description: 'Drafts per page',
      maximum: SUBMISSIONS_PAGE_SIZE_MAX,
    }),
    ...DraftFilters,
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type DraftListQuery = z.input<typeof DraftListQuery>;

/** Every saved draft the filters match, as a CSV file. */
export const DraftExportQuery = z.strictObject(DraftFilters).refine(endNotBeforeStart, END_BEFORE_START);
export type DraftExportQuery = z.input<typeof DraftExportQuery>;

/**
 * A visitor's unfinished assessment, saved with "Continue later": who (as typed so far), when they
 * started and last saved, and how far they got.
 */
export const AdminDraft = z.object({
  id: z.number().int(),
  email: z.string().meta({ description: 'The address the link was sent to, lower case' }),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  language: z.string().meta({ description: 'The language the assessment was being taken in (a BCP 47 tag)' }),
  startedAt: z.string().meta({ description: 'When the address first saved a draft, ISO 8601 UTC' }),
  lastActivityAt: z.string().meta({ description: 'When the draft was last saved, ISO 8601 UTC' }),
  answered: z.number().int().meta({ description: 'Questions answered so far' }),
  questionCount: z.number().int().meta({ description: 'Questions the assessment had when it was saved' }),
});
export type AdminDraft = z.infer<typeof AdminDraft>;

export const DraftList = z.object({
  drafts: z.array(AdminDraft),
  pagination: Pagination,
});
export type DraftList = z.infer<typeof DraftList>;
