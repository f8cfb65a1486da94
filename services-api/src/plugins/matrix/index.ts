import type { Plugin } from '@hapi/hapi';
import { matrixRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { recordAudit } from '../../http/audit-trail.js';
import { contractRoute } from '../../http/route-adapter.js';
import { readPillarKeys } from '../pillars/pillars-service.js';
import { localizedJson } from '../languages/localized-read.js';
import { localizeMatrixCells } from '../languages/localize.js';
import { listMatrixCells, readPublicMatrixCells, upsertMatrixCell } from './matrix-service.js';

/** The maturity matrix: the cells of active pillars for visitors, every cell for approved admins. */
export const matrixPlugin: Plugin<AppContext> = {
  name: 'matrix',
  register(server, { db, cache }) {
    const write = contentWriter(db, cache);
    server.route([
      contractRoute(
        matrixRoutes.listMatrixCells,
        ({ query }) =>
          localizedJson(db, cache, query.lang, 'matrix-cells', async (texts) =>
            localizeMatrixCells(
              await readPublicMatrixCells(db, cache),
              texts,
              await readPillarKeys(db, cache),
            ),
          ),
        { publicContent: true },
      ),
      contractRoute(matrixRoutes.listAdminMatrixCells, () => listMatrixCells(db)),
      contractRoute(matrixRoutes.upsertMatrixCell, ({ params, body, request }) =>
        write(async (trx) => {
          const cell = await upsertMatrixCell(trx, params.pillarId, params.level, body);
          await recordAudit(trx, request, { targetId: `${params.pillarId}:${params.level}`, summary: body });
          return cell;
        }),
      ),
    ]);
  },
};
