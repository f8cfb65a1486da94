import type { Plugin } from '@hapi/hapi';
import { contentRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { exportContent, replaceContent } from './content-document.js';
import { contentWriter } from '../../db/content-cache.js';
import { recordAudit } from '../../http/audit-trail.js';
import { adminStats } from './stats-service.js';

/**
 * The questionnaire as a whole, for approved admins: dashboard counts, and export and import of
 * the content document. The import is one transaction and clears the public cache of every
 * instance when it commits, like every content write.
 */
export const contentPlugin: Plugin<AppContext> = {
  name: 'content',
  register(server, { db, cache }) {
    const write = contentWriter(db, cache);
    server.route([
      contractRoute(contentRoutes.getAdminStats, () => adminStats(db)),
      contractRoute(contentRoutes.exportContent, async ({ request }) => {
        const content = await exportContent(db);
        await recordAudit(db, request);
        return content;
      }),
      contractRoute(
        contentRoutes.importContent,
        async ({ body, request }) => ({
          imported: await write(async (trx) => {
            const imported = await replaceContent(trx, body);
            await recordAudit(trx, request, { summary: imported });
            return imported;
          }),
        }),
        { payloadMaxBytes: 10 * 1024 * 1024 },
      ),
    ]);
  },
};
