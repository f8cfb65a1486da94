import { EXPORT_TRANSPOSE_MAX, SubmissionExportQuery } from '@msp/shared';
import { describe, expect, it } from 'vitest';
import {
  ALL_DOMAINS,
  END_BEFORE_START,
  EXPORT_FORM_DEFAULTS,
  exportApiPath,
  exportFileName,
  exportFormSchema,
  toExportQuery,
  transposeFits,
} from './export-form.js';

describe('export form', () => {
  it('is ready to export as it opens: All domains needs no choice', () => {
    expect(exportFormSchema.safeParse(EXPORT_FORM_DEFAULTS).success).toBe(true);
  });

  it('refuses an end date before the start date, at the end date', () => {
    const result = exportFormSchema.safeParse({
      ...EXPORT_FORM_DEFAULTS,
      domain: 'acme.example',
      startDate: '2026-03-10',
      endDate: '2026-03-01',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['endDate', END_BEFORE_START],
    ]);
  });

  it('defaults to every domain as CSV, one row per submission, every submitter and all time', () => {
    expect(EXPORT_FORM_DEFAULTS).toEqual({
      startDate: '',
      endDate: '',
      domain: ALL_DOMAINS,
      submitterEmails: [],
      language: '',
      transpose: false,
      format: 'csv',
    });
    // Exported as it opens: valid, and asking the server for every submission, a row each.
    expect(toExportQuery(exportFormSchema.parse(EXPORT_FORM_DEFAULTS))).toEqual({
      transpose: 'false',
      format: 'csv',
    });
  });
});

describe('toExportQuery', () => {
  it('keeps the list’s attribution filters, leaving out the empty ones', () => {
    const values = exportFormSchema.parse(EXPORT_FORM_DEFAULTS);
    expect(toExportQuery(values, { source: '', medium: 'email', campaign: '', ref: 'acme' })).toEqual({
      medium: 'email',
      ref: 'acme',
      transpose: 'false',
      format: 'csv',
    });
    expect(exportApiPath(values, { ref: 'acme' })).toBe(
      '/api/admin/submissions/export/csv?ref=acme&transpose=false&format=csv',
    );
  });

  it('asks for the language chosen, and every language when none is', () => {
    const values = exportFormSchema.parse({ ...EXPORT_FORM_DEFAULTS, language: 'de' });
    expect(exportApiPath(values, { ref: 'acme' })).toBe(
      '/api/admin/submissions/export/csv?ref=acme&language=de&transpose=false&format=csv',
    );
    expect(SubmissionExportQuery.safeParse(toExportQuery(values)).success).toBe(true);
    expect(toExportQuery({ ...values, language: '' })).not.toHaveProperty('language');
  });

  it('leaves blanks out and joins the chosen emails with commas', () => {
    const values = exportFormSchema.parse({
      ...EXPORT_FORM_DEFAULTS,
      domain: ' acme.example ',
      endDate: '2026-03-31',
      submitterEmails: ['ada@acme.example', 'bo@acme.example'],
      transpose: true,
      format: 'xlsx',
    });
    expect(toExportQuery(values)).toEqual({
      domain: 'acme.example',
      endDate: '2026-03-31',
      submitterEmails: 'ada@acme.example,bo@acme.example',
      transpose: 'true',
      format: 'xlsx',
    });
  });

  it('builds a query the server’s own schema accepts as meant', () => {
    const values = exportFormSchema.parse({
      ...EXPORT_FORM_DEFAULTS,
      domain: 'acme.example',
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      submitterEmails: ['ada@acme.example', 'bo@acme.example'],
      transpose: false,
    });
    const path = exportApiPath(values);
    expect(path.startsWith('/api/admin/submissions/export/csv?')).toBe(true);
    const query = Object.fromEntries(new URL(path, 'http://localhost').searchParams);
    expect(SubmissionExportQuery.parse(query)).toEqual({
      domain: 'acme.example',
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      submitterEmails: ['ada@acme.example', 'bo@acme.example'],
      transpose: false,
      format: 'csv',
    });
  });
});

describe('All domains', () => {
  it('leaves the domain and the submitters out, one row per submission, as the server reads it', () => {
    const values = exportFormSchema.parse({
      ...EXPORT_FORM_DEFAULTS,
      domain: ALL_DOMAINS,
      startDate: '2026-01-01',
      // Left over from a domain chosen before: All domains has no submitters to pick.
      submitterEmails: ['ada@acme.example'],
      transpose: true,
      format: 'xlsx',
    });
    expect(toExportQuery(values)).toEqual({ startDate: '2026-01-01', transpose: 'false', format: 'xlsx' });
    const query = Object.fromEntries(new URL(exportApiPath(values), 'http://localhost').searchParams);
    expect(SubmissionExportQuery.parse(query)).toEqual({
      startDate: '2026-01-01',
      submitterEmails: [],
      transpose: false,
      format: 'xlsx',
    });
  });

  it('names the file as the server does', () => {
    const day = new Date('2026-03-04T23:30:00Z');
    expect(exportFileName(ALL_DOMAINS, 'csv', day)).toBe('submissions-all-domains-2026-03-04.csv');
  });
});

describe('exportFileName', () => {
  it('names the file as the server does: the domain and the UTC day', () => {
    const day = new Date('2026-03-04T23:30:00Z');
    expect(exportFileName('acme.example', 'csv', day)).toBe('submissions-acme.example-2026-03-04.csv');
    expect(exportFileName('Acme.Example', 'xlsx', day)).toBe('submissions-acme.example-2026-03-04.xlsx');
    expect(exportFileName('a b/c', 'csv', day)).toBe('submissions-a_b_c-2026-03-04.csv');
  });
});

describe('transposeFits', () => {
  it('allows one column per submission up to the server’s cap, or once submitters are chosen', () => {
    expect(transposeFits(EXPORT_TRANSPOSE_MAX, [])).toBe(true);
    expect(transposeFits(EXPORT_TRANSPOSE_MAX + 1, [])).toBe(false);
    expect(transposeFits(EXPORT_TRANSPOSE_MAX + 1, ['ada@acme-msp.example'])).toBe(true);
  });
});
