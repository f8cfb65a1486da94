import { z } from 'zod';
import { LanguageQuery, ReportPaper } from '../common.js';

/**
 * `?lang=&paper=` of a team report: its language (else the default language) and its paper (else
 * the region of Accept-Language, else the administrator's default), as the personal report's.
 */
export const TeamReportQuery = LanguageQuery.extend({
  paper: ReportPaper.optional().meta({
    description:
      'The paper size: a4 or letter. When left out, the region of Accept-Language decides, ' +
      "else the administrator's default",
  }),
});

const DOMAIN_FORMAT = 'must be an email domain such as northwind-it.example';

/** An organisation: the company email domain its members' addresses share. */
export const OrganisationDomainParams = z.object({
  domain: z
    .string({ error: DOMAIN_FORMAT })
    .trim()
    .toLowerCase()
    .max(253, { error: 'must be at most 253 characters' })
    .regex(/^[^\s@/\\]+\.[^\s@/\\.]+$/u, { error: DOMAIN_FORMAT })
    .meta({ examples: ['northwind-it.example'] }),
});

/** A team report: the PDF, sent as an attachment. Documented, not validated. */
export const TeamReportPdf = z.string().meta({
  description: 'A PDF document sent as an attachment, named msp-automation-team-report-<domain>-<date>.pdf',
});
