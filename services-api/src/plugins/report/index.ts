import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../app-context.js';
import { publicContent } from '../content/public-content.js';
import { readSettings } from '../settings/settings-service.js';
import { AnalysisWriter } from '../submissions/follow-ups/analysis.js';
import { reportUrlFor, type EmailReport } from '../submissions/follow-ups/email-content.js';
import type { Submission } from '../submissions/submission-reads.js';
import { reportRenderThread } from '../../report/render-thread.js';
import { ReportService } from './report-service.js';
import { reportRoutes } from './routes.js';

/**
 * How long the results email waits for the analysis job before its report takes the built-in
 * analyst's: past the job's own limit (45 s, above the model's 30 s), within the email job's 60 s.
 * The email is sent with the analysis the results page will show, not one that pre-empts the model.
 */
const EMAIL_ANALYSIS_WAIT_MS = 50_000;

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
    const emailAnalysis = new AnalysisWriter(db, analyst, content, EMAIL_ANALYSIS_WAIT_MS);

    const forEmail = async (submission: Submission): Promise<EmailReport | null> => {
      const { values } = await readSettings(db, cache, config);
      if (values.reportInEmail === 'none') return null;
      const link = { attachment: null, linkUrl: reportUrlFor(submission, config.publicUrl) };
      if (values.reportInEmail === 'link') return link;
      const paper = values.reportPaperSize === 'letter' ? 'letter' : 'a4';
      const report = await reports.render(submission, {
        language: submission.language,
        paper,
        analysis: emailAnalysis,
      });
      if (report.pdf.length >= EMAIL_ATTACHMENT_MAX_BYTES) return link;
      const filename = /filename="([^"]+)"/.exec(report.disposition)?.[1] ?? 'report.pdf';
      return { attachment: { filename, content: report.pdf }, linkUrl: null };
    };
    server.expose('forEmail', forEmail);
    server.ext('onPreStart', () => reportRenderThread.warm());
    server.route(reportRoutes(ctx, reports));
  },
};
