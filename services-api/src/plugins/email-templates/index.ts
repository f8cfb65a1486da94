import type { Plugin } from '@hapi/hapi';
import { emailTemplateRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { contentWriter, DELETED } from '../content/content-service.js';
import { deleteEmailTemplate, listEmailTemplates, saveEmailTemplate } from './email-templates-service.js';

/** The results email's templates, for approved admins. */
export const emailTemplatesPlugin: Plugin<AppContext> = {
  name: 'email-templates',
  register(server, ctx) {
    const { db, config } = ctx;
    const extras = { validateResponses: config.validateResponses };
    const write = contentWriter(ctx);
    server.route([
      contractRoute(emailTemplateRoutes.listEmailTemplates, () => listEmailTemplates(db), extras),
      contractRoute(
        emailTemplateRoutes.createEmailTemplate,
        ({ body }) => write((trx) => saveEmailTemplate(trx, body)),
        extras,
      ),
      contractRoute(
        emailTemplateRoutes.updateEmailTemplate,
        ({ params, body }) => write((trx) => saveEmailTemplate(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        emailTemplateRoutes.deleteEmailTemplate,
        async ({ params }) => {
          await write((trx) => deleteEmailTemplate(trx, params.id));
          return DELETED;
        },
        extras,
      ),
    ]);
  },
};
