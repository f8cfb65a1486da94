import type { Plugin } from '@hapi/hapi';
import { demographicFieldRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { contentWriter, DELETED } from '../content/content-service.js';
import {
  deleteDemographicField,
  listDemographicFields,
  saveDemographicField,
} from './demographic-fields-service.js';

/** The visitor form's fields, for approved admins. */
export const demographicFieldsPlugin: Plugin<AppContext> = {
  name: 'demographic-fields',
  register(server, ctx) {
    const { db, config } = ctx;
    const extras = { validateResponses: config.validateResponses };
    const write = contentWriter(ctx);
    server.route([
      contractRoute(
        demographicFieldRoutes.listAdminDemographicFields,
        () => listDemographicFields(db),
        extras,
      ),
      contractRoute(
        demographicFieldRoutes.createDemographicField,
        ({ body }) => write((trx) => saveDemographicField(trx, body)),
        extras,
      ),
      contractRoute(
        demographicFieldRoutes.updateDemographicField,
        ({ params, body }) => write((trx) => saveDemographicField(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        demographicFieldRoutes.deleteDemographicField,
        async ({ params }) => {
          await write((trx) => deleteDemographicField(trx, params.id));
          return DELETED;
        },
        extras,
      ),
    ]);
  },
};
