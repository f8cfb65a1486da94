import { createHash } from 'node:crypto';
import { ReportCache } from '../../report/report-cache.js';
import { reportRenderThread } from '../../report/render-thread.js';
import { Slots } from '../../report/slots.js';
import { assembleTeamReport, type TeamReportRequest, type TeamReportSources } from './team-report-input.js';

/**
 * Team reports assembled at once. Each reads every assessment of the organisation and its members'
 * answers; as with the personal reports, two at a time keep the drawing thread fed and leave the
 * connection pool to the rest of the server.
 */
const CONCURRENT_ASSEMBLIES = 2;

/** A digest per object (the catalogue, the logo), kept while the object is: both are cached and replaced on change. */
const digests = new WeakMap<object, string>();
function digestOf(value: object, bytes: () => string | Buffer): string {
  let digest = digests.get(value);
  if (!digest) digests.set(value, (digest = createHash('sha256').update(bytes()).digest('hex')));
  return digest;
}

/** A drawn team report and the Content-Disposition it is sent with. */
export interface RenderedTeamReport {
  pdf: Buffer;
  disposition: string;
}

/** `attachment` named msp-automation-team-report-<domain>-<day>.pdf, with RFC 5987's UTF-8 form. */
export function teamReportDisposition(domain: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  const full = `msp-automation-team-report-${domain}-${day}.pdf`;
  // A domain in another script (an IDN written out) becomes dashes in the plain ASCII name.
  const ascii = full.replace(/[^A-Za-z0-9._-]+/g, '-');
  const encoded = encodeURIComponent(full).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The team reports: assembled from the organisation's assessments, drawn on the report thread,
 * and kept in the reports' cache by a digest of everything they show (the members' latest
 * submissions among it), so a new assessment, a change of who shares or of the content draws
 * anew, and a member's erasure drops every copy that showed them.
 */
export class TeamReports {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly assemblies = new Slots(CONCURRENT_ASSEMBLIES);

  constructor(
    private readonly sources: TeamReportSources,
    private readonly cache: ReportCache,
  ) {}

  async render(request: TeamReportRequest): Promise<RenderedTeamReport> {
    const { input, messages, fallback, submissionIds } = await this.assemblies.run(() =>
      assembleTeamReport(this.sources, request),
    );
    const disposition = teamReportDisposition(request.domain, new Date());
    const { t: _t, branding, ...shown } = input;
    const key = ReportCache.keyOf({
      team: shown,
      accent: branding.accentColor,
      logo: branding.logo && digestOf(branding.logo.png, () => branding.logo!.png),
      messages: digestOf(messages, () => JSON.stringify(messages)),
    });
    const cached = this.cache.get(key);
    if (cached) return { pdf: cached, disposition };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = reportRenderThread.renderTeam(input, messages, fallback).then((pdf) => {
        this.cache.set(key, submissionIds, pdf);
        return pdf;
      });
      this.inFlight.set(key, pending);
      void pending.finally(() => this.inFlight.delete(key)).catch(() => undefined);
    }
    return { pdf: await pending, disposition };
  }
}
