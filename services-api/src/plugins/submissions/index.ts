import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../app-context.js';
import { readEmailBranding } from '../branding/branding-service.js';
import { publicContent } from '../content/public-content.js';
import { adminSubmissionRoutes } from './admin/routes.js';
import { ExportSlots } from './export/export-slots.js';
import { adminExportRoutes } from './export/routes.js';
import { AnalysisWriter } from './follow-ups/analysis.js';
import { followUpJobs, registerFollowUps } from './follow-ups/index.js';
import { v1SubmissionRoutes } from './v1-routes.js';
import type { Submission } from './submission-reads.js';
import { visitorSubmissionRoutes } from './visitor/routes.js';

/**
 * The visitor's assessment (submit, results and peer comparison), the administrator's side of the
 * same submissions (list, read, delete, follow-ups), their exports and the key API's reads; and
 * the jobs that follow every submission (analysis, results email, webhook).
 */
export const submissionsPlugin: Plugin<AppContext> = {
  name: 'submissions',
  register(server, ctx) {
    const { db, cache, config, jobs, analyst, mailer, logger } = ctx;
    const content = publicContent(db, cache);
    const analysis = new AnalysisWriter(db, analyst, content, ctx.analysisWaitMs);
    // The report plugin registers after this one; the email asks for it when it is composed.
    const report = (submission: Submission) =>
      server.plugins.report?.forEmail(submission) ?? Promise.resolve(null);
    registerFollowUps(jobs, {
      db,
      config,
      analysis,
      mailer,
      logger,
      content,
      report,
      branding: () => readEmailBranding(db, cache, config),
    });
    // One set for the admin's and the key API's exports: the limit is the instance's.
    const exportSlots = new ExportSlots();

    server.route([
      ...visitorSubmissionRoutes(ctx, {
        content,
        analysis,
        // The HubSpot and notifications plugins register after this one; asked at each submit.
        followUps: followUpJobs(config, (id) => [
          ...(server.plugins.hubspot?.newSubmissionJobs(id) ?? []),
          ...(server.plugins.notifications?.newSubmissionJobs(id) ?? []),
        ]),
      }),
      ...adminSubmissionRoutes(ctx),
      ...adminExportRoutes(ctx, exportSlots),
      ...v1SubmissionRoutes(ctx, exportSlots),
    ]);
  },
};
