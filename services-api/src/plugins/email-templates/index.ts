import type { Plugin } from '@hapi/hapi';
import { emailTemplateRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
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
      contractRoute(emailTemplateRoutes.listTemplateVariables, () => listTemplateVariables(db)),
      contractRoute(emailTemplateRoutes.createEmailTemplate, ({ body }) =>
        write((trx) => saveEmailTemplate(trx, body)),
      ),
      contractRoute(emailTemplateRoutes.updateEmailTemplate, ({ params, body }) =>
        write((trx) => saveEmailTemplate(trx, body, params.id)),
      ),
      contractRoute(emailTemplateRoutes.deleteEmailTemplate, async ({ params }) => {
        await write((trx) => deleteEmailTemplate(trx, params.id));
        return DELETED;
      }),
    ]);
  },
};
