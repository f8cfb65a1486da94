import type { Plugin } from '@hapi/hapi';
import { demographicFieldRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { recordAudit } from '../../http/audit-trail.js';
import { cachedJson, contractRoute, DELETED } from '../../http/route-adapter.js';
import { localizedJson } from '../languages/localized-read.js';
import { localizeConsent, localizeFields } from '../languages/localize.js';
import {
  deleteDemographicField,
  listDemographicFields,
  readActiveDemographicFields,
  saveDemographicField,
} from './demographic-fields-service.js';
import {
  currentConsentStatement,
  readConsentStatement,
  saveConsentStatement,
} from './consent-statement-service.js';

/** The "About you" fields: the active ones for visitors, every one for approved admins and read keys. */
export const demographicFieldsPlugin: Plugin<AppContext> = {
  name: 'demographic-fields',
  register(server, { db, cache }) {
    const write = contentWriter(db, cache);
    server.route([
      contractRoute(
        demographicFieldRoutes.listDemographicFields,
        ({ query }) =>
          localizedJson(db, cache, query.lang, 'demographic-fields', async (texts) =>
            localizeFields(await readActiveDemographicFields(db, cache), texts),
          ),
        { publicContent: true },
      ),
      contractRoute(demographicFieldRoutes.listAdminDemographicFields, () => listDemographicFields(db)),
      contractRoute(demographicFieldRoutes.createDemographicField, ({ body, request }) =>
        write(async (trx) => {
          const saved = await saveDemographicField(trx, body);
          await recordAudit(trx, request, { targetId: saved.id, summary: body });
          return saved;
        }),
      ),
      contractRoute(demographicFieldRoutes.updateDemographicField, ({ params, body, request }) =>
        write(async (trx) => {
          const saved = await saveDemographicField(trx, body, params.id);
          await recordAudit(trx, request, { targetId: params.id, summary: body });
          return saved;
        }),
      ),
      contractRoute(demographicFieldRoutes.deleteDemographicField, async ({ params, request }) => {
        await write(async (trx) => {
          await deleteDemographicField(trx, params.id);
          await recordAudit(trx, request, { targetId: params.id });
        });
        return DELETED;
      }),
      contractRoute(demographicFieldRoutes.v1ListDemographicFields, () =>
        cachedJson(cache, 'v1:demographic-fields', () => listDemographicFields(db)),
      ),
      // A content write like the fields: every instance's cached copy (and so its ETag) changes with it.
      contractRoute(
        demographicFieldRoutes.getConsentStatement,
        ({ query }) =>
          localizedJson(db, cache, query.lang, 'consent-statement', async (texts) => ({
            statement: localizeConsent(await readConsentStatement(db, cache), texts),
          })),
        { publicContent: true },
      ),
      contractRoute(demographicFieldRoutes.getAdminConsentStatement, async () => ({
        statement: await currentConsentStatement(db),
      })),
      contractRoute(demographicFieldRoutes.updateConsentStatement, ({ body, request }) =>
        write(async (trx) => {
          const statement = await saveConsentStatement(trx, body);
          await recordAudit(trx, request, {
            targetId: statement?.id ?? null,
            summary: { text: body.text === '' ? null : body.text },
          });
          return { statement };
        }),
      ),
    ]);
  },
};
