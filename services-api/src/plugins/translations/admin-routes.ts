import type { Request, ServerRoute } from '@hapi/hapi';
import { translationRoutes, XLIFF_CONTENT_TYPE, type TranslationFileFormat } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { recordAudit } from '../../http/audit-trail.js';
import { cachedJson, contractRoute, DELETED, fileRoute } from '../../http/route-adapter.js';
import {
  addLanguage,
  listAdminLanguages,
  listV1Languages,
  removeLanguage,
  setDefaultLanguage,
} from './admin-languages.js';
import { fromCsv, fromXliff, toCsv, toXliff } from './translation-files.js';
import { readTranslationGrid, translatedLanguage } from './translation-status.js';
import { importTranslations, saveTranslation } from './translation-writes.js';
import { InvalidFieldError } from '../../domain/errors.js';

/** A translation file is a few hundred kilobytes for the whole product; ten times that is plenty. */
const TRANSLATION_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The import's format: the query's, else the content type's, else what the text starts with. */
function importFormat(request: Request, asked: TranslationFileFormat | undefined, text: string) {
  if (asked) return asked;
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('csv')) return 'csv';
  if (type.includes('xml') || type.includes('xliff')) return 'xliff';
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<')
    ? 'xliff'
    : 'csv';
}

/** The admin's languages and translations (approved admins, every write audited), and /api/v1's list. */
export function translationAdminRoutes({ db, cache, config }: AppContext): ServerRoute[] {
  const write = contentWriter(db, cache);
  const actorOf = (request: Request) => request.auth.credentials.user?.id ?? null;
  return [
    contractRoute(translationRoutes.listLanguages, () => listAdminLanguages(db, cache, config)),
    contractRoute(translationRoutes.addLanguage, async ({ body, request }) => {
      await write(async (trx) => {
        const { filled } = await addLanguage(trx, body.tag);
        await recordAudit(trx, request, { targetId: body.tag, summary: { tag: body.tag, filled } });
      });
      return listAdminLanguages(db, cache, config);
    }),
    contractRoute(translationRoutes.setDefaultLanguage, async ({ params, request }) => {
      await write(async (trx) => {
        const swap = await setDefaultLanguage(trx, cache, config, actorOf(request), params.tag);
        await recordAudit(trx, request, { targetId: swap.language, summary: swap });
      });
      return listAdminLanguages(db, cache, config);
    }),
    contractRoute(translationRoutes.deleteLanguage, async ({ params, request }) => {
      await write(async (trx) => {
        const tag = await removeLanguage(trx, cache, params.tag);
        await recordAudit(trx, request, { targetId: tag });
      });
      return DELETED;
    }),
    contractRoute(translationRoutes.listTranslations, ({ params }) =>
      readTranslationGrid(db, cache, config, params.language),
    ),
    contractRoute(translationRoutes.saveTranslation, async ({ params, body, request }) => {
      const { tag } = await translatedLanguage(db, cache, params.language);
      return write(async (trx) => {
        const saved = await saveTranslation(trx, cache, config, tag, params.unit, body.text);
        await recordAudit(trx, request, {
          targetId: `${tag}:${params.unit}`,
          summary: { language: tag, unit: params.unit, status: saved.status },
        });
        return saved;
      });
    }),
    fileRoute(translationRoutes.exportTranslations, async ({ params, query, request, h }) => {
      const grid = await readTranslationGrid(db, cache, config, params.language);
      const rows = query.onlyPending ? grid.rows.filter((row) => row.status !== 'translated') : grid.rows;
      const units = rows.map((row) => ({ ...row, target: row.target ?? undefined }));
      await recordAudit(db, request, {
        targetId: grid.language,
        summary: { format: query.format, onlyPending: query.onlyPending ?? false, units: units.length },
      });
      const csv = query.format === 'csv';
      const file = csv ? toCsv(units) : await toXliff(grid.defaultLanguage, grid.language, units);
      return h
        .response(file)
        .type(csv ? 'text/csv; charset=utf-8' : `${XLIFF_CONTENT_TYPE}; charset=utf-8`)
        .header(
          'Content-Disposition',
          `attachment; filename="translations-${grid.language}.${csv ? 'csv' : 'xlf'}"`,
        );
    }),
    contractRoute(
      translationRoutes.importTranslations,
      async ({ params, query, body, request }) => {
        const { tag } = await translatedLanguage(db, cache, params.language);
        const format = importFormat(request, query.format, body);
        const file = format === 'csv' ? fromCsv(body) : await fromXliff(body);
        if (file.targetLanguage !== undefined && file.targetLanguage.toLowerCase() !== tag.toLowerCase())
          throw new InvalidFieldError(
            'trgLang',
            `is "${file.targetLanguage}", but this import is for ${tag}: export the file of ${tag} and translate that`,
          );
        const counts = await write(async (trx) => {
          const result = await importTranslations(trx, cache, config, tag, file.units);
          await recordAudit(trx, request, { targetId: tag, summary: { format, ...result } });
          return result;
        });
        return { language: tag, ...counts };
      },
      { textBody: true, payloadMaxBytes: TRANSLATION_FILE_MAX_BYTES },
    ),
    contractRoute(translationRoutes.v1ListLanguages, () =>
      cachedJson(cache, 'v1:languages', () => listV1Languages(db, cache)),
    ),
  ];
}
