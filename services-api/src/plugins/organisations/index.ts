import type { Plugin } from '@hapi/hapi';
import { organisationRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../http/audit-trail.js';
import { refuseCrossSite } from '../../http/request-guards.js';
import { contractRoute, fileRoute } from '../../http/route-adapter.js';
import { organisationDetail } from './organisation-detail.js';
import {
  ORGANISATIONS_CONTENT_TYPES,
  organisationsFile,
  organisationsFileName,
} from './organisations-export.js';
import { listOrganisations } from './organisations-service.js';

/**
 * The operator's organisations (issue 40): each company email domain whose people assessed, kept
 * by the database in `organisations`; an organisation's members, spread and history; the list as
 * a file (audited); and the key API's reads of both.
 */
export const organisationsPlugin: Plugin<AppContext> = {
  name: 'organisations',
  register(server, { db }) {
    server.route([
      contractRoute(organisationRoutes.listOrganisations, ({ query }) => listOrganisations(db, query)),
      contractRoute(organisationRoutes.v1ListOrganisations, ({ query }) => listOrganisations(db, query)),
      contractRoute(organisationRoutes.getOrganisation, ({ params, query }) =>
        organisationDetail(db, params.domain, query),
      ),
      contractRoute(organisationRoutes.v1GetOrganisation, ({ params, query }) =>
        organisationDetail(db, params.domain, query),
      ),
      fileRoute(organisationRoutes.exportOrganisations, async ({ query, request, h }) => {
        refuseCrossSite(request);
        // Of a search only that there was one: someone may have typed a person's address into it,
        // which the trail, outliving every erasure, must not keep.
        const { search, ...order } = query;
        await recordAudit(db, request, { summary: search ? { ...order, searched: true } : order });
        return h
          .response(organisationsFile(db, query, query.format))
          .type(ORGANISATIONS_CONTENT_TYPES[query.format])
          .header('Content-Disposition', `attachment; filename="${organisationsFileName(query.format)}"`)
          .header('Cache-Control', 'no-store');
      }),
    ]);
  },
};
