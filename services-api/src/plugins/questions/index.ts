import type { Plugin } from '@hapi/hapi';
import { questionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { contentWriter, DELETED } from '../content/content-service.js';
import { deleteQuestion, listQuestions, saveQuestion } from './questions-service.js';

/** Questions with their answers and point allocations, for approved admins. */
export const questionsPlugin: Plugin<AppContext> = {
  name: 'questions',
  register(server, ctx) {
    const { db, config } = ctx;
    const extras = { validateResponses: config.validateResponses };
    const write = contentWriter(ctx);
    server.route([
      contractRoute(questionRoutes.listAdminQuestions, () => listQuestions(db), extras),
      contractRoute(
        questionRoutes.createQuestion,
        ({ body }) => write((trx) => saveQuestion(trx, body)),
        extras,
      ),
      contractRoute(
        questionRoutes.updateQuestion,
        ({ params, body }) => write((trx) => saveQuestion(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        questionRoutes.deleteQuestion,
        async ({ params }) => {
          await write((trx) => deleteQuestion(trx, params.id));
          return DELETED;
        },
        extras,
      ),
    ]);
  },
};
