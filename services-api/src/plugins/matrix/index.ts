import type { Plugin } from '@hapi/hapi';
import { matrixRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { contentWriter } from '../content/content-service.js';
import { listMatrixCells, upsertMatrixCell } from './matrix-service.js';

/** The maturity matrix's cells, for approved admins. */
export const matrixPlugin: Plugin<AppContext> = {
  name: 'matrix',
  register(server, ctx) {
    const { db, config } = ctx;
    const extras = { validateResponses: config.validateResponses };
    const write = contentWriter(ctx);
    server.route([
      contractRoute(matrixRoutes.listAdminMatrixCells, () => listMatrixCells(db), extras),
      contractRoute(
        matrixRoutes.upsertMatrixCell,
        ({ params, body }) => write((trx) => upsertMatrixCell(trx, params.pillarId, params.level, body)),
        extras,
      ),
    ]);
  },
};
