import {
  ApiError,
  urlFor,
  type AdminLanguage,
  type ApiClient,
  type TranslationFileFormat,
  type TranslationGrid,
  type TranslationImportResult,
} from '@msp/shared/browser';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';

/** Cache key of the language list, and the prefix of every language's grid. */
export const LANGUAGES_KEY = queryKey('listLanguages');
export const TRANSLATIONS_KEY = queryKey('listTranslations');
const gridKey = (language: string) => queryKey('listTranslations', language);

/** Every public read of content shows translations: a change refreshes what the admin previews too. */
const CHANGED_BY_TRANSLATIONS = [LANGUAGES_KEY, TRANSLATIONS_KEY];

export const languagesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: LANGUAGES_KEY,
    queryFn: ({ signal }) => api.call('listLanguages', { signal }),
  });

/** GET /api/admin/languages: the offered languages with their counts. */
export function useLanguages() {
  return useAdminQuery(languagesQuery(useApi()));
}

/** GET /api/admin/translations/{language}: every text with its source and this language's translation. */
export function useTranslationGrid(language: string | null) {
  const api = useApi();
  return useAdminQuery({
    queryKey: gridKey(language ?? ''),
    queryFn: ({ signal }) => api.call('listTranslations', { params: { language: language! }, signal }),
    enabled: language !== null,
  });
}

export function useAddLanguage({ onAdded }: { onAdded?: () => void } = {}) {
  return useAdminMutation({
    call: (tag: string, { api }) => api.call('addLanguage', { body: { tag } }),
    invalidates: CHANGED_BY_TRANSLATIONS,
    success: 'Language added',
    failure: 'Failed to add the language',
    onSuccess: () => onAdded?.(),
  });
}

export function useRemoveLanguage({ onRemoved }: { onRemoved?: () => void } = {}) {
  return useAdminMutation({
    call: (language: AdminLanguage, { api }) => api.call('deleteLanguage', { params: { tag: language.tag } }),
    invalidates: CHANGED_BY_TRANSLATIONS,
    success: (_, language) => `${language.name} removed`,
    failure: 'Failed to remove the language',
    onSuccess: () => onRemoved?.(),
  });
}

export function useSetDefaultLanguage({ onDone }: { onDone?: () => void } = {}) {
  return useAdminMutation({
    call: (language: AdminLanguage, { api }) =>
      api.call('setDefaultLanguage', { params: { tag: language.tag } }),
    invalidates: CHANGED_BY_TRANSLATIONS,
    success: (_, language) => `${language.name} is now the default language`,
    failure: 'Failed to change the default language',
    onSettled: () => onDone?.(),
  });
}

/**
 * PUT /api/admin/translations/{language}/{unit}. The grid's copy is patched with the answer rather
 * than refetched, so a row saved on blur does not reload the 700 others; the counts follow it.
 */
export function useSaveTranslation(language: string) {
  const queryClient = useQueryClient();
  const api = useApi();
  return async (unit: string, text: string) => {
    const saved = await api.call('saveTranslation', { params: { language, unit }, body: { text } });
    queryClient.setQueryData<TranslationGrid>(gridKey(language), (grid) => {
      if (!grid) return grid;
      const rows = grid.rows.map((row) => (row.unit === unit ? { ...row, ...saved } : row));
      const counts = { total: rows.length, translated: 0, missing: 0, changed: 0 };
      for (const row of rows) counts[row.status]++;
      return { ...grid, rows, counts };
    });
    void queryClient.invalidateQueries({ queryKey: LANGUAGES_KEY });
    return saved;
  };
}

const EXTENSIONS: Record<TranslationFileFormat, { extension: string; mimeType: string }> = {
  xliff: { extension: 'xlf', mimeType: 'application/xliff+xml' },
  csv: { extension: 'csv', mimeType: 'text/csv' },
};

/** GET …/export: one language as XLIFF 2.0 or CSV, saved through the host (a download, or a save dialog). */
export function useExportTranslations() {
  return useAdminMutation({
    call: (
      {
        language,
        format,
        onlyPending,
      }: { language: string; format: TranslationFileFormat; onlyPending: boolean },
      { platform },
    ) =>
      platform.saveFile({
        fileName: `translations-${language}.${EXTENSIONS[format].extension}`,
        mimeType: EXTENSIONS[format].mimeType,
        source: {
          apiPath: urlFor(
            'exportTranslations',
            { language },
            { format, ...(onlyPending ? { onlyPending: 'true' } : {}) },
          ),
        },
      }),
    success: (saved) => savedFileToast(saved, 'Translations exported'),
    failure: 'Failed to export the translations',
  });
}

/**
 * POST …/import with the file's text as the body (the typed client sends JSON only, so this one
 * call goes through the host's fetch, which adds the session and the CSRF token the same way).
 * A refusal is left to the screen, which shows the server's message naming the unit.
 */
export function useImportTranslations({
  onImported,
}: {
  onImported?: (result: TranslationImportResult) => void;
}) {
  return useAdminMutation({
    call: async ({ language, file }: { language: string; file: File }, { platform }) => {
      const format: TranslationFileFormat = /\.csv$/i.test(file.name) ? 'csv' : 'xliff';
      const response = await platform.fetch(
        platform.apiBaseUrl + urlFor('importTranslations', { language }, { format }),
        {
          method: 'POST',
          credentials: 'include',
          headers: {
            Accept: 'application/json',
            'Content-Type': `${EXTENSIONS[format].mimeType}; charset=utf-8`,
          },
          body: await file.text(),
        },
      );
      const text = await response.text();
      if (!response.ok) throw new ApiError(response.status, text, response.statusText);
      return JSON.parse(text) as TranslationImportResult;
    },
    invalidates: CHANGED_BY_TRANSLATIONS,
    success: (result) =>
      `Imported ${result.written} ${result.written === 1 ? 'translation' : 'translations'}` +
      (result.skipped > 0 ? ` (${result.skipped} without a translation left as they were)` : ''),
    failure: () => undefined,
    onSuccess: (result) => onImported?.(result),
  });
}
