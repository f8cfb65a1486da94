import type { ServerRoute } from '@hapi/hapi';
import { submissionRoutes } from '@msp/shared';
import type { AppContext } from '../../../app-context.js';
import { refuseCrossSite } from '../../../http/request-guards.js';
import { contractRoute, fileRoute } from '../../../http/route-adapter.js';
import { exportDownload } from './download.js';
import { checkExport } from './export-service.js';
import type { ExportSlots } from './export-slots.js';

/** The administrator's export of many submissions, and the check before its download starts. */
export function adminExportRoutes({ db }: AppContext, slots: ExportSlots): ServerRoute[] {
  return [
    fileRoute(submissionRoutes.exportSubmissions, ({ query, request, h }) => {
      refuseCrossSite(request);
      return exportDownload({ db, slots }, query, request, h);
    }),
    contractRoute(submissionRoutes.checkSubmissionsExport, async ({ query }) => {
      const check = await checkExport(db, query);
      slots.refuseWhenFull();
      return check;
    }),
  ];
}
