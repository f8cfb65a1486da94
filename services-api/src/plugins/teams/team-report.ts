import { ReportCache } from '../../report/report-cache.js';
import { attachmentDisposition } from '../report/report-file.js';
import type { RenderedReport } from '../report/report-service.js';
import { reportRenderThread } from '../../report/render-thread.js';
import { Slots } from '../../report/slots.js';
import { assembleTeamReport, type TeamReportRequest, type TeamReportSources } from './team-report-input.js';

/**
 * Team reports assembled at once. Each reads every assessment of the organisation and its members'
 * answers; as with the personal reports, two at a time keep the drawing thread fed and leave the
 * connection pool to the rest of the server.
 */
const CONCURRENT_ASSEMBLIES = 2;

/** `attachment` named msp-automation-team-report-<domain>-<day>.pdf. */
export function teamReportDisposition(domain: string, at: Date): string {
  const full = `msp-automation-team-report-${domain}-${at.toISOString().slice(0, 10)}.pdf`;
  // A domain in another script (an IDN written out) becomes dashes in the plain ASCII name.
  return attachmentDisposition(full.replace(/[^A-Za-z0-9._-]+/g, '-'), full);
}

/**
 * The team reports: assembled from the organisation's assessments, drawn on the report thread,
 * and kept in the reports' cache by a digest of everything they show (the members' latest
 * submissions among it), so a new assessment, a change of who shares or of the content draws
 * anew, and a member's erasure drops every copy that showed them.
 */
export class TeamReports {
  private readonly assemblies = new Slots(CONCURRENT_ASSEMBLIES);

  constructor(
    private readonly sources: TeamReportSources,
    private readonly cache: ReportCache,
  ) {}

  async render(request: TeamReportRequest): Promise<RenderedReport> {
    const { input, messages, fallback, submissionIds } = await this.assemblies.run(() =>
      assembleTeamReport(this.sources, request),
    );
    const pdf = await this.cache.getOrDraw(
      ReportCache.reportKey('team', input, messages),
      submissionIds,
      () => reportRenderThread.renderTeam(input, messages, fallback),
    );
    return { pdf, disposition: teamReportDisposition(request.domain, new Date()) };
  }
}
