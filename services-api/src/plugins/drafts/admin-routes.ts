import type { ServerRoute } from '@hapi/hapi';
import { draftRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../http/audit-trail.js';
import { refuseCrossSite } from '../../http/request-guards.js';
import { contractRoute, fileRoute } from '../../http/route-adapter.js';
import { draftsCsv, draftsFileName, listDrafts } from './admin-drafts-service.js';

/** The operator's "In progress" list of saved drafts, its CSV, and the key API's list. */
export function adminDraftRoutes({ db }: Pick<AppContext, 'db'>): ServerRoute[] {
  return [
    contractRoute(draftRoutes.listDrafts, ({ query }) => listDrafts(db, query)),
    contractRoute(draftRoutes.v1ListDrafts, ({ query }) => listDrafts(db, query)),
    fileRoute(draftRoutes.exportDrafts, async ({ query, request, h }) => {
      refuseCrossSite(request);
      // A bulk read of people's addresses, recorded with the filters it used; of a search only that
      // there was one: its text may be a person's name, which the trail must not keep.
      const { search, ...filters } = query;
      await recordAudit(db, request, { summary: search ? { ...filters, searched: true } : filters });
      return h
        .response(draftsCsv(db, query))
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${draftsFileName()}"`)
        .header('Cache-Control', 'no-store');
    }),
  ];
}
