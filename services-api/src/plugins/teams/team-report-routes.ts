import type { Request, ServerRoute } from '@hapi/hapi';
import { teamRoutes, type ReportPaper } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { NotFoundError } from '../../domain/errors.js';
import { isPersonalDomain } from '../../domain/email-domains.js';
import { recordAudit } from '../../http/audit-trail.js';
import { fileRoute, PERSONAL_DATA } from '../../http/route-adapter.js';
import { requestedPaper } from '../report/paper.js';
import { pdfResponse } from '../report/report-file.js';
import type { TeamReports } from './team-report.js';
import { membershipOf, organisationOf } from './team-view.js';

/**
 * The team report: a member's copy of their own organisation (who left the team, or an address at
 * a personal domain, has none), and the operator's copy of any organisation, for the admin and
 * the key API, recorded as an export. Another organisation is reachable only by the operator.
 */
export function teamReportRoutes(ctx: AppContext, reports: TeamReports): ServerRoute[] {
  const { db } = ctx;
  const paperOf = requestedPaper(ctx);

  const operatorCopy = async (
    request: Request,
    domain: string,
    query: { lang?: string | undefined; paper?: ReportPaper | undefined },
  ) => {
    if (isPersonalDomain(domain))
      throw new NotFoundError(`${domain} is a personal email domain, not an organisation`);
    const report = await reports.render({
      domain,
      audience: 'operator',
      language: query.lang,
      paper: await paperOf(request, query.paper),
    });
    await recordAudit(db, request, {
      targetId: domain,
      summary: { format: 'pdf', language: query.lang ?? null },
    });
    return report;
  };

  return [
    fileRoute(
      teamRoutes.getTeamReport,
      async ({ query, request, h }) => {
        const email = request.auth.credentials.visitor!.email;
        const domain = organisationOf(email);
        if (!domain) throw new NotFoundError('A personal email address has no team');
        if ((await membershipOf(db, email)).left)
          throw new NotFoundError('You left your team: join it again to download its report');
        const report = await reports.render({
          domain,
          audience: 'members',
          language: query.lang,
          paper: await paperOf(request, query.paper),
        });
        return pdfResponse(h, report);
      },
      { options: PERSONAL_DATA },
    ),
    fileRoute(teamRoutes.getOrganisationReport, async ({ params, query, request, h }) =>
      pdfResponse(h, await operatorCopy(request, params.domain, query)),
    ),
    fileRoute(teamRoutes.v1GetOrganisationReport, async ({ params, query, request, h }) =>
      pdfResponse(h, await operatorCopy(request, params.domain, query)),
    ),
  ];
}
