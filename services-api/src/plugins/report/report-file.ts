import type { ResponseToolkit } from '@hapi/hapi';
import { reportFileName } from '@msp/shared';

/** The date part of a file name: the submission's day, UTC. */
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The report's file name, `msp-automation-report-<company>-<date>.pdf`: in ASCII for every client,
 * and in full (a company named in Arabic, say) as RFC 5987's `filename*` for those that read it.
 */
export function reportFileNames(company: string, submittedAt: Date): { ascii: string; full: string } {
  const date = day(submittedAt);
  const readable = company
    .trim()
    // Spaces, control characters and what a file system refuses in a name.
    .replace(/[\s\p{Cc}/\\:*?"<>|]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const full = ['msp-automation-report', readable, date].filter(Boolean).join('-');
  // The ASCII name is the one the admin's download saves under (shared), so both sides agree.
  return { ascii: reportFileName({ company, submittedAt }), full: `${full}.pdf` };
}

/**
 * A Content-Disposition that saves a file as `ascii` for every client and as `full` (in any
 * script) for those that read RFC 5987's UTF-8 form.
 */
export function attachmentDisposition(ascii: string, full: string): string {
  const encoded = encodeURIComponent(full).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A Content-Disposition that saves the report under its file name. */
export function reportDisposition(company: string, submittedAt: Date): string {
  const { ascii, full } = reportFileNames(company, submittedAt);
  return attachmentDisposition(ascii, full);
}

/** A drawn PDF as a download, never kept by a cache on the way. */
export function pdfResponse(h: ResponseToolkit, report: { pdf: Buffer; disposition: string }) {
  return h
    .response(report.pdf)
    .type('application/pdf')
    .header('Content-Disposition', report.disposition)
    .header('Cache-Control', 'no-store');
}
