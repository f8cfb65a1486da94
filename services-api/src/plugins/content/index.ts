import type { Plugin } from '@hapi/hapi';
import { contentRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { exportContent, replaceContent } from './content-document.js';
import { adminStats, contentWriter } from './content-service.js';

/**
 * The questionnaire as a whole, for approved admins: dashboard counts, and export and import of
 * the content document. The import is one transaction and clears the public cache of every
 * instance when it commits, like every content write.
 */
export const contentPlugin: Plugin<AppContext> = {
  name: 'content',
  register(server, ctx) {
    const { db, config } = ctx;
    const extras = { validateResponses: config.validateResponses };
    const write = contentWriter(ctx);
    server.route([
      contractRoute(contentRoutes.getAdminStats, () => adminStats(db), extras),
      contractRoute(contentRoutes.exportContent, () => exportContent(db), extras),
      contractRoute(
        contentRoutes.importContent,
        async ({ body }) => ({ imported: await write((trx) => replaceContent(trx, body)) }),
        { ...extras, payloadMaxBytes: 10 * 1024 * 1024 },
      ),
    ]);
  },
};
