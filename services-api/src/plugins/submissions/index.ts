import { randomUUID } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { submissionRoutes } from '@msp/shared';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../app-context.js';
import { clientAddress } from '../../http/client-address.js';
import { contractRoute, PERSONAL_DATA } from '../../http/route-adapter.js';
import { requireSubmission, toResultsResponse } from './results-service.js';
import { followUpJobs } from './follow-ups.js';
import { adminSubmissionRoutes } from './admin-routes.js';
import { compareSubmission } from './comparison-service.js';
import { prepareSubmission } from './submit-service.js';
import { SubmissionWriter } from './submission-writer.js';

/**
 * The visitor's assessment (submit, results and peer comparison) and the administrator's side of
 * the same submissions (list, read, export, delete, analytics).
 */
export const submissionsPlugin: Plugin<AppContext> = {
  name: 'submissions',
  register(server, ctx) {
    const { db, content, config, analysis, jobs, limits } = ctx;
    const followUps = followUpJobs(config);
    const submitLimiter = limits.limiter({
      keyPrefix: 'submit',
      points: config.submitRateLimitPerMinute,
      duration: 60,
    });
    const validateResponses = config.validateResponses;
    // The embedded database has one connection: a second statement in flight would only queue.
    const submissions = new SubmissionWriter(db, { maxInFlight: config.databaseUrl ? 2 : 1 });

    server.route([
      contractRoute(
        submissionRoutes.submitAssessment,
        async ({ body, request }) => {
          const client = clientAddress(request);
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
          const prepared = prepareSubmission(
            { pillars, questions, demographicFields },
            body,
            client ?? null,
            followUps,
          );
          await submissions.write(prepared);
          jobs.nudge();
          return { submissionId: prepared.submissionId };
        },
        { validateResponses, payloadMaxBytes: 64 * 1024 },
      ),
      contractRoute(
        submissionRoutes.getResults,
        async ({ params }) => {
          const submission = await requireSubmission(db, params.submissionId);
          return toResultsResponse(submission, await analysis.ensure(submission));
        },
        { validateResponses, options: PERSONAL_DATA },
      ),
      contractRoute(
        submissionRoutes.getComparison,
        async ({ params }) => {
          const submission = await requireSubmission(db, params.submissionId);
          return compareSubmission(db, submission);
        },
        { validateResponses, options: PERSONAL_DATA },
      ),
      ...adminSubmissionRoutes(ctx),
    ]);
  },
};
