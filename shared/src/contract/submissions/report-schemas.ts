import { z } from 'zod';
import { LanguageQuery } from '../common.js';

/** The two paper sizes a PDF report is laid out for. */
export const REPORT_PAPER_SIZES = ['a4', 'letter'] as const;
export const ReportPaper = z.enum(REPORT_PAPER_SIZES, { error: 'must be a4 or letter' });
export type ReportPaper = z.infer<typeof ReportPaper>;

const paper = ReportPaper.optional().meta({
  description:
    'The paper size: a4 or letter. When left out, the region of Accept-Language decides ' +
    "(Letter for the US, Canada, Mexico, the Philippines and a few more), else the administrator's default",
});

/** `?lang=&paper=` of the visitor's report: its language, as the results page's, and its paper. */
export const ResultsReportQuery = LanguageQuery.extend({ paper });

/** `?paper=` of the admin's and the key API's report, written in the submission's language. */
export const SubmissionReportQuery = z.object({ paper });
