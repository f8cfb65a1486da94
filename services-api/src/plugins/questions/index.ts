import type { Plugin } from '@hapi/hapi';
import { contentRoutes } from '@msp/shared';
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
      contractRoute(contentRoutes.listAdminQuestions, () => listQuestions(db), extras),
      contractRoute(
        contentRoutes.createQuestion,
        ({ body }) => write((trx) => saveQuestion(trx, body)),
        extras,
      ),
      contractRoute(
        contentRoutes.updateQuestion,
        ({ params, body }) => write((trx) => saveQuestion(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        contentRoutes.deleteQuestion,
        async ({ params }) => {
          await write((trx) => deleteQuestion(trx, params.id));
          return DELETED;
        },
        extras,
      ),
    ]);
  },
};
