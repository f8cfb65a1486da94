import type { Plugin } from '@hapi/hapi';
import { pillarRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { contentWriter, DELETED } from '../content/content-service.js';
import { deletePillar, listPillars, savePillar } from './pillars-service.js';

/** Pillars for approved admins; every write clears the public cache of every instance. */
export const pillarsPlugin: Plugin<AppContext> = {
  name: 'pillars',
  register(server, ctx) {
    const { db, config } = ctx;
    const extras = { validateResponses: config.validateResponses };
    const write = contentWriter(ctx);
    server.route([
      contractRoute(pillarRoutes.listAdminPillars, () => listPillars(db), extras),
      contractRoute(pillarRoutes.createPillar, ({ body }) => write((trx) => savePillar(trx, body)), extras),
      contractRoute(
        pillarRoutes.updatePillar,
        ({ params, body }) => write((trx) => savePillar(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        pillarRoutes.deletePillar,
        async ({ params }) => {
          await write((trx) => deletePillar(trx, params.id));
          return DELETED;
        },
        extras,
      ),
    ]);
  },
};
