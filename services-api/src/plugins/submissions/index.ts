import { randomUUID } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { publicRoutes } from '@msp/shared';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { requireSubmission, toResultsResponse } from './results-service.js';
import { followUpJobs } from './follow-ups.js';
import { adminSubmissionRoutes } from './admin-routes.js';
import { compareSubmission } from './comparison-service.js';
import { createSubmission } from './submit-service.js';

/**
 * The visitor's assessment (submit, results and peer comparison) and the administrator's side of
 * the same submissions (list, read, export, delete, analytics).
 */
export const submissionsPlugin: Plugin<AppContext> = {
  name: 'submissions',
  register(server, ctx) {
    const { db, content, config, analysis, jobs } = ctx;
    const followUps = followUpJobs(config);
    const submitLimiter = new RateLimiterMemory({ points: config.submitRateLimitPerMinute, duration: 60 });
    const validateResponses = config.validateResponses;

    server.route([
      contractRoute(
        publicRoutes.submitAssessment,
        async ({ body, request }) => {
          const client = request.info.remoteAddress;
          try {
            await submitLimiter.consume(client);
          } catch (rejection) {
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
            const error = Boom.tooManyRequests(
              'Too many assessments from this address. Please try again in a minute.',
            );
            error.output.headers['Retry-After'] = String(Math.ceil(rejection.msBeforeNext / 1000));
            throw error;
          }
          // Bots fill every input, including the one people never see: answer as usual, store nothing.
          if (body.website) return { submissionId: randomUUID() };

          const [pillars, questions, demographicFields] = await Promise.all([
            content.pillars(),
            content.scorableQuestions(),
            content.demographicFields(),
          ]);
          const created = await createSubmission(
            db,
            { pillars, questions, demographicFields },
            body,
            client ?? null,
            followUps,
          );
          jobs.nudge();
          return created;
        },
        { validateResponses, payloadMaxBytes: 64 * 1024 },
      ),
      contractRoute(
        publicRoutes.getResults,
        async ({ params }) => {
          const submission = await requireSubmission(db, params.submissionId);
          return toResultsResponse(submission, await analysis.ensure(submission));
        },
        { validateResponses },
      ),
      contractRoute(
        publicRoutes.getComparison,
        async ({ params }) => {
          const submission = await requireSubmission(db, params.submissionId);
          return compareSubmission(db, submission);
        },
        { validateResponses },
      ),
      ...adminSubmissionRoutes(ctx),
    ]);
  },
};
