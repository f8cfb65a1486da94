import { z } from 'zod';
import { LanguageQuery, ReportPaper } from '../common.js';

const paper = ReportPaper.optional().meta({
  description:
    'The paper size: a4 or letter. When left out, the region of Accept-Language decides ' +
    "(Letter for the US, Canada, Mexico, the Philippines and a few more), else the administrator's default",
});

/** `?lang=&paper=` of the visitor's report: its language, as the results page's, and its paper. */
export const ResultsReportQuery = LanguageQuery.extend({ paper });

/** `?paper=` of the admin's and the key API's report, written in the submission's language. */
export const SubmissionReportQuery = z.object({ paper });
