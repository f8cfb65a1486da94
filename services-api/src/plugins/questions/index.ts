import type { Plugin } from '@hapi/hapi';
import { questionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { recordAudit } from '../../http/audit-trail.js';
import { cachedJson, contractRoute, DELETED } from '../../http/route-adapter.js';
import { readPillarKeys } from '../pillars/pillars-service.js';
import { localizedJson } from '../languages/localized-read.js';
import { localizeQuestions } from '../languages/localize.js';
import { deleteQuestion, listQuestions, readPublicQuestions, saveQuestion } from './questions-service.js';

/**
 * The questions with their answers: without points for visitors, with their point allocations for
 * approved admins and read keys.
 */
export const questionsPlugin: Plugin<AppContext> = {
  name: 'questions',
  register(server, { db, cache }) {
    const write = contentWriter(db, cache);
    server.route([
      contractRoute(
        questionRoutes.listAssessmentQuestions,
        ({ query }) =>
          localizedJson(db, cache, query.lang, 'public-questions', async (texts) =>
            localizeQuestions(await readPublicQuestions(db, cache), texts, await readPillarKeys(db, cache)),
          ),
        { publicContent: true },
      ),
      contractRoute(questionRoutes.listAdminQuestions, () => listQuestions(db)),
      contractRoute(questionRoutes.createQuestion, ({ body, request }) =>
        write(async (trx) => {
          const saved = await saveQuestion(trx, body);
          await recordAudit(trx, request, { targetId: saved.id, summary: body });
          return saved;
        }),
      ),
      contractRoute(questionRoutes.updateQuestion, ({ params, body, request }) =>
        write(async (trx) => {
          const saved = await saveQuestion(trx, body, params.id);
          await recordAudit(trx, request, { targetId: params.id, summary: body });
          return saved;
        }),
      ),
      contractRoute(questionRoutes.deleteQuestion, async ({ params, request }) => {
        await write(async (trx) => {
          await deleteQuestion(trx, params.id);
          await recordAudit(trx, request, { targetId: params.id });
        });
        return DELETED;
      }),
      contractRoute(questionRoutes.v1ListQuestions, () =>
        cachedJson(cache, 'v1:questions', () => listQuestions(db)),
      ),
    ]);
  },
};
