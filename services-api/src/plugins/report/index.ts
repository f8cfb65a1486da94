import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../app-context.js';
import { publicContent } from '../content/public-content.js';
import { readSettings } from '../settings/settings-service.js';
import { AnalysisWriter } from '../submissions/follow-ups/analysis.js';
import { reportUrlFor, type EmailReport } from '../submissions/follow-ups/email-content.js';
import type { Submission } from '../submissions/submission-reads.js';
import { ReportService } from './report-service.js';
import { reportRoutes } from './routes.js';

/** The largest report the results email carries; a larger one is linked instead. */
export const EMAIL_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The PDF report of a submission: its three routes, and its part in the results email (attached,
 * linked or left out, as the Settings say), which the email job asks for through
 * `server.plugins.report`, since the submissions sit below this plugin.
 */
export const reportPlugin: Plugin<AppContext> = {
  name: 'report',
  register(server, ctx) {
    const { db, cache, config, analyst } = ctx;
    const content = publicContent(db, cache);
    const analysis = new AnalysisWriter(db, analyst, content, ctx.analysisWaitMs);
    const reports = new ReportService({ db, cache, config, content, analysis }, ctx.reports);

    const forEmail = async (submission: Submission): Promise<EmailReport | null> => {
      const { values } = await readSettings(db, cache, config);
      if (values.reportInEmail === 'none') return null;
      const link = { attachment: null, linkUrl: reportUrlFor(submission, config.publicUrl) };
      if (values.reportInEmail === 'link') return link;
      const paper = values.reportPaperSize === 'letter' ? 'letter' : 'a4';
      const report = await reports.render(submission, { language: submission.language, paper });
      if (report.pdf.length >= EMAIL_ATTACHMENT_MAX_BYTES) return link;
      const filename = /filename="([^"]+)"/.exec(report.disposition)?.[1] ?? 'report.pdf';
      return { attachment: { filename, content: report.pdf }, linkUrl: null };
    };
    server.expose('forEmail', forEmail);
    server.route(reportRoutes(ctx, reports));
  },
};
