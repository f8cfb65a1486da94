import type { Plugin } from '@hapi/hapi';
import { questionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { cachedJson, contractRoute, DELETED } from '../../http/route-adapter.js';
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
        () => cachedJson(cache, 'public-questions', () => readPublicQuestions(db, cache)),
        { publicContent: true },
      ),
      contractRoute(questionRoutes.listAdminQuestions, () => listQuestions(db)),
      contractRoute(questionRoutes.createQuestion, ({ body }) => write((trx) => saveQuestion(trx, body))),
      contractRoute(questionRoutes.updateQuestion, ({ params, body }) =>
        write((trx) => saveQuestion(trx, body, params.id)),
      ),
      contractRoute(questionRoutes.deleteQuestion, async ({ params }) => {
        await write((trx) => deleteQuestion(trx, params.id));
        return DELETED;
      }),
      contractRoute(questionRoutes.v1ListQuestions, () =>
        cachedJson(cache, 'v1:questions', () => listQuestions(db)),
      ),
    ]);
  },
};
