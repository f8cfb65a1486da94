import { EXPORT_FORMATS, EXPORT_TRANSPOSE_MAX, XLSX_CONTENT_TYPE, type ExportFormat } from '@msp/shared';
import { urlFor, type SubmissionExportQuery } from '@msp/shared/browser';
import { z } from 'zod';
import { languageQuery } from '../../lib/languages.js';
import { attributionQuery, type AttributionValues } from './use-submissions-filters.js';

export const END_BEFORE_START = 'The end date must be on or after the start date';

/** A date input's value: empty (no limit) or a calendar day. */
const DayInput = z.union([z.literal(''), z.iso.date({ error: 'Enter a date as YYYY-MM-DD' })]);

/**
 * The domain select's "All domains": every submission, one row each. Not a domain any email can
 * have, so it never clashes with one.
 */
export const ALL_DOMAINS = '*';

/**
 * The export dialog: an optional date range, All domains (the default) or one domain, the
 * submitters of that domain to include (none chosen means all of them), the layout and the file
 * format.
 */
export const exportFormSchema = z
  .object({
    startDate: DayInput,
    endDate: DayInput,
    /** ALL_DOMAINS or one of the listed domains: the select offers nothing else, and no blank. */
    domain: z.string(),
    submitterEmails: z.array(z.string()),
    /** The language the submissions were taken in (a tag); empty for every language. */
    language: z.string(),
    /** One column per submission (transpose=true). */
    transpose: z.boolean(),
    format: z.enum(EXPORT_FORMATS),
  })
  .refine((values) => !values.startDate || !values.endDate || values.startDate <= values.endDate, {
    path: ['endDate'],
    error: END_BEFORE_START,
  });

export type ExportFormValues = z.infer<typeof exportFormSchema>;

/**
 * Every submission, one row each: an export that starts without a choice to make, in the layout
 * every spreadsheet filters and sorts. One domain, and a column per submission, are a choice away.
 */
export const EXPORT_FORM_DEFAULTS: ExportFormValues = {
  startDate: '',
  endDate: '',
  domain: ALL_DOMAINS,
  submitterEmails: [],
  language: '',
  transpose: false,
  format: 'csv',
};

/** Whether the dialog's choice is All domains. */
export function isAllDomains(values: Pick<ExportFormValues, 'domain'>): boolean {
  return values.domain.trim() === ALL_DOMAINS;
}

/**
 * The query of GET /api/admin/submissions/export/csv: blanks left out, emails comma-joined, and
 * the list's attribution filters as the list has them, and the language chosen. All domains leaves the domain out and is
 * always one row per submission: a column each would set unrelated companies side by side.
 */
export function toExportQuery(
  values: ExportFormValues,
  attribution: Partial<AttributionValues> = {},
): SubmissionExportQuery {
  const all = isAllDomains(values);
  return {
    ...(all ? {} : { domain: values.domain.trim() }),
    ...attributionQuery({ source: '', medium: '', campaign: '', ref: '', ...attribution }),
    ...languageQuery(values.language),
    ...(values.startDate ? { startDate: values.startDate } : {}),
    ...(values.endDate ? { endDate: values.endDate } : {}),
    ...(values.submitterEmails.length > 0 && !all
      ? { submitterEmails: values.submitterEmails.join(',') }
      : {}),
    transpose: values.transpose && !all ? 'true' : 'false',
    format: values.format,
  };
}

/** The export's API path with its query, for the platform to download. */
export function exportApiPath(
  values: ExportFormValues,
  attribution: Partial<AttributionValues> = {},
): string {
  return urlFor('exportSubmissions', undefined, toExportQuery(values, attribution));
}

export const EXPORT_MIME_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv',
  xlsx: XLSX_CONTENT_TYPE,
};

/**
 * "submissions-acme.com-2026-03-04.csv" ("submissions-all-domains-…" for All domains): the name the
 * server gives the file in its Content-Disposition (the domain and the UTC day), so every host
 * saves it under the same name.
 */
export function exportFileName(domain: string, format: ExportFormat, now = new Date()): string {
  const safeDomain =
    domain.trim() === ALL_DOMAINS
      ? 'all-domains'
      : domain
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9.-]/g, '_');
  return `submissions-${safeDomain}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Whether one column per submission can hold the export: the server refuses more than
 * EXPORT_TRANSPOSE_MAX. Chosen submitters narrow it to an unknown size, so the server decides then.
 */
export function transposeFits(domainSubmissions: number, chosenEmails: readonly string[]): boolean {
  return chosenEmails.length > 0 || domainSubmissions <= EXPORT_TRANSPOSE_MAX;
}
