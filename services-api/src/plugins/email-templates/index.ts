import type { Plugin } from '@hapi/hapi';
import { emailTemplateRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { recordAudit } from '../../http/audit-trail.js';
import { contractRoute, DELETED } from '../../http/route-adapter.js';
import {
  deleteEmailTemplate,
  listEmailTemplates,
  listTemplateVariables,
  saveEmailTemplate,
} from './email-templates-service.js';

/** The results email's templates, for approved admins. */
export const emailTemplatesPlugin: Plugin<AppContext> = {
  name: 'email-templates',
  register(server, { db, cache }) {
    const write = contentWriter(db, cache);
    server.route([
      contractRoute(emailTemplateRoutes.listEmailTemplates, () => listEmailTemplates(db)),
      contractRoute(emailTemplateRoutes.listTemplateVariables, ({ query }) =>
        listTemplateVariables(db, query.purpose),
      ),
      contractRoute(emailTemplateRoutes.createEmailTemplate, ({ body, request }) =>
        write(async (trx) => {
          const saved = await saveEmailTemplate(trx, body);
          await recordAudit(trx, request, { targetId: saved.id, summary: body });
          return saved;
        }),
      ),
      contractRoute(emailTemplateRoutes.updateEmailTemplate, ({ params, body, request }) =>
        write(async (trx) => {
          const saved = await saveEmailTemplate(trx, body, params.id);
          await recordAudit(trx, request, { targetId: params.id, summary: body });
          return saved;
        }),
      ),
      contractRoute(emailTemplateRoutes.deleteEmailTemplate, async ({ params, request }) => {
        await write(async (trx) => {
          await deleteEmailTemplate(trx, params.id);
          await recordAudit(trx, request, { targetId: params.id });
        });
        return DELETED;
      }),
    ]);
  },
};
