import type { Plugin } from '@hapi/hapi';
import { contentRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute, invalidField } from '../../http/route-adapter.js';
import { checkDocument, exportContent, replaceContent } from './content-document.js';
import {
  adminStats,
  deleteDemographicField,
  deleteEmailTemplate,
  deletePillar,
  deleteQuestion,
  listDemographicFields,
  listEmailTemplates,
  listMatrixCells,
  listPillars,
  listQuestions,
  saveDemographicField,
  saveEmailTemplate,
  savePillar,
  saveQuestion,
  upsertMatrixCell,
  writeContent,
} from './content-service.js';

/**
 * Content management for approved admins. Every write is one transaction and clears the public
 * cache of every instance when it commits, so visitors see the change on their next request.
 */
export const contentPlugin: Plugin<AppContext> = {
  name: 'content',
  register(server, { db, config, cache }) {
    const extras = { validateResponses: config.validateResponses };
    const write = <T>(run: Parameters<typeof writeContent<T>>[2]) =>
      writeContent(db, () => cache.invalidate(), run);
    const deleted = { deleted: true } as const;

    server.route([
      contractRoute(contentRoutes.getAdminStats, () => adminStats(db), extras),

      contractRoute(contentRoutes.listAdminPillars, () => listPillars(db), extras),
      contractRoute(contentRoutes.createPillar, ({ body }) => write((trx) => savePillar(trx, body)), extras),
      contractRoute(
        contentRoutes.updatePillar,
        ({ params, body }) => write((trx) => savePillar(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        contentRoutes.deletePillar,
        async ({ params }) => {
          await write((trx) => deletePillar(trx, params.id));
          return deleted;
        },
        extras,
      ),

      contractRoute(contentRoutes.listAdminQuestions, () => listQuestions(db), extras),
      contractRoute(
        contentRoutes.createQuestion,
        ({ body }) => write((trx) => saveQuestion(trx, body)),
        extras,
      ),
      contractRoute(
        contentRoutes.updateQuestion,
        ({ params, body }) => write((trx) => saveQuestion(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        contentRoutes.deleteQuestion,
        async ({ params }) => {
          await write((trx) => deleteQuestion(trx, params.id));
          return deleted;
        },
        extras,
      ),

      contractRoute(contentRoutes.listAdminDemographicFields, () => listDemographicFields(db), extras),
      contractRoute(
        contentRoutes.createDemographicField,
        ({ body }) => write((trx) => saveDemographicField(trx, body)),
        extras,
      ),
      contractRoute(
        contentRoutes.updateDemographicField,
        ({ params, body }) => write((trx) => saveDemographicField(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        contentRoutes.deleteDemographicField,
        async ({ params }) => {
          await write((trx) => deleteDemographicField(trx, params.id));
          return deleted;
        },
        extras,
      ),

      contractRoute(contentRoutes.listAdminMatrixCells, () => listMatrixCells(db), extras),
      contractRoute(
        contentRoutes.upsertMatrixCell,
        ({ params, body }) => write((trx) => upsertMatrixCell(trx, params.pillarId, params.level, body)),
        extras,
      ),

      contractRoute(contentRoutes.listEmailTemplates, () => listEmailTemplates(db), extras),
      contractRoute(
        contentRoutes.createEmailTemplate,
        ({ body }) => write((trx) => saveEmailTemplate(trx, body)),
        extras,
      ),
      contractRoute(
        contentRoutes.updateEmailTemplate,
        ({ params, body }) => write((trx) => saveEmailTemplate(trx, body, params.id)),
        extras,
      ),
      contractRoute(
        contentRoutes.deleteEmailTemplate,
        async ({ params }) => {
          await write((trx) => deleteEmailTemplate(trx, params.id));
          return deleted;
        },
        extras,
      ),

      contractRoute(contentRoutes.exportContent, () => exportContent(db), extras),
      contractRoute(
        contentRoutes.importContent,
        async ({ body }) => {
          const issues = checkDocument(body);
          if (issues.length) throw invalidField(issues[0]!.field, issues[0]!.message, issues);
          return { imported: await write((trx) => replaceContent(trx, body)) };
        },
        { ...extras, payloadMaxBytes: 10 * 1024 * 1024 },
      ),
    ]);
  },
};
