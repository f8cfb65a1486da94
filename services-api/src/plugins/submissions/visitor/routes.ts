import { randomUUID } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Lifecycle, ServerRoute } from '@hapi/hapi';
import { submissionRoutes } from '@msp/shared';
import type { AppContext, AppMetrics } from '../../../app-context.js';
import { clientAddress } from '../../../http/client-address.js';
import { perClientAllowance } from '../../../http/rate-limit.js';
import { contractRoute, PERSONAL_DATA } from '../../../http/route-adapter.js';
import type { NewJob } from '../../../jobs/job-store.js';
import type { PublicContent } from '../../content/public-content.js';
import type { AnalysisWriter } from '../follow-ups/analysis.js';
import { requireSubmission, toResultsResponse } from '../submission-reads.js';
import { compareSubmission } from './comparison-service.js';
import { SubmissionWriter } from './submission-writer.js';
import { readLanguageTexts } from '../../languages/languages-service.js';
import { withPillarNamesIn } from '../../languages/localize.js';
import { prepareSubmission } from './submit-service.js';
import { readSettings, reminderDaysOf } from '../../settings/settings-service.js';

/**
 * Counts a submission the route refused, wherever it was refused (the contract's check of the body
 * runs before the handler): 429 is its address's allowance, any other 4xx its input.
 */
function countRefusals(metrics: AppMetrics): Lifecycle.Method {
  return (request, h) => {
    // The warm-up's refused submission is the server's own, not a visitor's.
    if (request.app.internal) return h.continue;
    const status = Boom.isBoom(request.response) ? request.response.output.statusCode : 0;
    if (status === 429) metrics.submissionRefused('rate-limit');
    else if (status >= 400 && status < 500) metrics.submissionRefused('validation');
    return h.continue;
  };
}

/** What the visitor's routes share with the rest of the plugin. */
export interface VisitorRouteDeps {
  content: PublicContent;
  analysis: AnalysisWriter;
  /** The jobs a new submission queues, with its reminder when one was asked for. */
  followUps: (submissionId: string, reminderDays: number | null) => NewJob[];
}

/** The visitor's assessment: submit it, read its results, compare it with its peers. */
export function visitorSubmissionRoutes(
  { db, cache, config, jobs, limits, metrics }: AppContext,
  { content, analysis, followUps }: VisitorRouteDeps,
): ServerRoute[] {
  const submitLimiter = limits.limiter({
    keyPrefix: 'submit',
    points: config.submitRateLimitPerMinute,
    duration: 60,
  });
  const submissions = new SubmissionWriter(db);
  return [
    contractRoute(
      submissionRoutes.submitAssessment,
      async ({ body, request }) => {
        const client = clientAddress(request);
        // Bots fill every input, including the one people never see: answer as usual, store nothing.
        if (body.website) {
          metrics.submissionRefused('spam');
          return { submissionId: randomUUID() };
        }

        const [pillars, questions, demographicFields, current, languages] = await Promise.all([
          content.pillars(),
          content.scorableQuestions(),
          content.demographicFields(),
          content.consentStatement(),
          content.languages(),
        ]);
        const tickedId = body.consent?.statementId;
        // Only a statement replaced while the visitor was on the page costs a read.
        const ticked =
          tickedId === undefined
            ? null
            : tickedId === current?.id
              ? current
              : await content.pastConsentStatement(tickedId);
        // Read only for the visitors who ask: the settings are cached, but the submit path is hot.
        const reminderDays = body.remindMe
          ? reminderDaysOf((await readSettings(db, cache, config)).values)
          : null;
        const prepared = prepareSubmission(
          { pillars, questions, demographicFields, consent: { current, ticked }, languages },
          body,
          client ?? null,
          (submissionId) => followUps(submissionId, reminderDays),
        );
        await submissions.write(prepared);
        metrics.submissionAccepted();
        jobs.nudge();
        return { submissionId: prepared.submissionId };
      },
      {
        payloadMaxBytes: 64 * 1024,
        options: {
          ext: {
            onPreAuth: perClientAllowance(
              submitLimiter,
              'Too many assessments from this address. Please try again in a minute.',
            ),
            onPreResponse: { method: countRefusals(metrics) },
          },
        },
      },
    ),
    contractRoute(
      submissionRoutes.getResults,
      async ({ params, query, request }) => {
        const submission = await requireSubmission(db, params.submissionId);
        if (request.app.withoutWaiting && !submission.aiAnalysis) {
          throw Boom.conflict('The analysis of these results is still being written');
        }
        // The page's language names the pillars; the analysis stays in the submission's language.
        const [written, texts] = await Promise.all([
          analysis.ensure(submission),
          readLanguageTexts(db, cache, query.lang ?? submission.language),
        ]);
        return toResultsResponse(withPillarNamesIn(submission, texts), written);
      },
      { options: PERSONAL_DATA },
    ),
    contractRoute(
      submissionRoutes.getComparison,
      async ({ params, query }) => {
        const submission = await requireSubmission(db, params.submissionId);
        const texts = await readLanguageTexts(db, cache, query.lang ?? submission.language);
        return compareSubmission(db, withPillarNamesIn(submission, texts));
      },
      { options: PERSONAL_DATA },
    ),
  ];
}
