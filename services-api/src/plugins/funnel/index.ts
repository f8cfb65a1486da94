import type { Plugin } from '@hapi/hapi';
import { funnelRoutes, funnelTimeBucket, normalizeFunnelSource } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { invalidField } from '../../http/errors.js';
import { perClientAllowance } from '../../http/rate-limit.js';
import { contractRoute } from '../../http/route-adapter.js';
import { publicContent } from '../content/public-content.js';
import { FunnelCounter } from './funnel-counter.js';
import { readFunnel } from './funnel-service.js';

/** A beacon is a few hundred bytes; anything much larger is not one. */
const EVENT_MAX_BYTES = 2048;

/**
 * The visitors' funnel: the public pages' beacon (POST /api/events), counted per day, step and
 * source and nothing else, and the figures the admin's Analytics screen and the key API read.
 *
 * The beacon is public and sends no cookie, so it needs no CSRF token: it can only add one to a
 * count, never read or change anything else (a submission included). What bounds a forger is the
 * contract (known steps, a question that exists, a day at most on a step, a small body) and the
 * same kind of per-address allowance the submissions have (counted in memory, see below).
 */
export const funnelPlugin: Plugin<AppContext> = {
  name: 'funnel',
  register(server, { db, cache, config, limits, logger }) {
    const content = publicContent(db, cache);
    const counter = new FunnelCounter(db, logger);
    counter.start();
    // After the last request was answered, while the database is still open: every event answered
    // 202 is written before the process ends.
    server.ext('onPostStop', () => counter.stop());
    // The submissions' limit, per client address, but counted in memory: at a thousand events a
    // second a write per event to the shared table would cost more than counting the event, and
    // what a flood past it could do is add to anonymous counts, never read or change anything.
    const eventLimiter = limits.memoryLimiter({
      keyPrefix: 'event',
      points: config.eventRateLimitPerMinute,
      duration: 60,
    });

    const questionKey = async (questionId: number, field: string): Promise<string> => {
      const question = (await content.scorableQuestions()).find((candidate) => candidate.id === questionId);
      if (!question) throw invalidField(field, 'must be the id of a question in the assessment');
      return question.key;
    };

    server.route([
      contractRoute(
        funnelRoutes.recordFunnelEvent,
        async ({ body }) => {
          const day = new Date().toISOString().slice(0, 10);
          const source = normalizeFunnelSource(body.source);
          // Every lookup before any count, so a refused event counts nothing.
          const reached = body.step === 'question' ? await questionKey(body.questionId!, 'questionId') : null;
          const left =
            body.left?.step === 'question'
              ? await questionKey(body.left.questionId!, 'left.questionId')
              : null;

          if (reached !== null) {
            counter.add({ day, step: 'position', detail: String(body.position), source }, true);
            counter.add({ day, step: 'question', detail: reached, source }, true);
          } else {
            counter.add({ day, step: body.step, detail: '', source }, true);
          }
          if (body.left) {
            counter.add(
              { day, step: body.left.step, detail: left ?? '', source },
              false,
              funnelTimeBucket(body.left.ms),
            );
          }
          return { accepted: true as const };
        },
        {
          payloadMaxBytes: EVENT_MAX_BYTES,
          payloadTypes: ['application/json', 'text/plain'],
          options: {
            ext: {
              onPreAuth: perClientAllowance(
                eventLimiter,
                'Too many events from this address. Please try again in a minute.',
              ),
            },
          },
        },
      ),
      contractRoute(funnelRoutes.getFunnel, async ({ query }) => {
        // This instance's latest counts first, so the admin sees every event it has answered.
        await counter.flush();
        return readFunnel(db, query);
      }),
      contractRoute(funnelRoutes.v1GetFunnel, async ({ query }) => {
        await counter.flush();
        return readFunnel(db, query);
      }),
    ]);
  },
};
