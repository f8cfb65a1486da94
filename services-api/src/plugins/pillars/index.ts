import type { Plugin } from '@hapi/hapi';
import { pillarRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { recordAudit } from '../../http/audit-trail.js';
import { cachedJson, contractRoute, DELETED } from '../../http/route-adapter.js';
import { localizedJson } from '../languages/localized-read.js';
import { localizePillars } from '../languages/localize.js';
import { deletePillar, listPillars, readActivePillars, savePillar } from './pillars-service.js';

/**
 * The pillars: the active ones for visitors, every one for approved admins and read keys. Reads
 * come from the content cache, which every write clears on every instance.
 */
export const pillarsPlugin: Plugin<AppContext> = {
  name: 'pillars',
  register(server, { db, cache }) {
    const write = contentWriter(db, cache);
    server.route([
      contractRoute(
        pillarRoutes.listPillars,
        ({ query }) =>
          localizedJson(db, cache, query.lang, 'pillars', async (texts) =>
            localizePillars(await readActivePillars(db, cache), texts),
          ),
        { publicContent: true },
      ),
      contractRoute(pillarRoutes.listAdminPillars, () => listPillars(db)),
      contractRoute(pillarRoutes.createPillar, ({ body, request }) =>
        write(async (trx) => {
          const saved = await savePillar(trx, body);
          await recordAudit(trx, request, { targetId: saved.id, summary: body });
          return saved;
        }),
      ),
      contractRoute(pillarRoutes.updatePillar, ({ params, body, request }) =>
        write(async (trx) => {
          const saved = await savePillar(trx, body, params.id);
          await recordAudit(trx, request, { targetId: params.id, summary: body });
          return saved;
        }),
      ),
      contractRoute(pillarRoutes.deletePillar, async ({ params, request }) => {
        await write(async (trx) => {
          await deletePillar(trx, params.id);
          await recordAudit(trx, request, { targetId: params.id });
        });
        return DELETED;
      }),
      contractRoute(pillarRoutes.v1ListPillars, () => cachedJson(cache, 'v1:pillars', () => listPillars(db))),
    ]);
  },
};
