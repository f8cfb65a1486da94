import { Intent } from '@blueprintjs/core';
import { paperForLanguages, urlFor } from '@msp/shared/browser';
import { useMutation } from '@tanstack/react-query';
import { hasStatus } from '../../lib/api-errors.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { useToast } from '../../lib/toasts.js';
import { usePlatform } from '../../platform/platform-context.js';

/** The browser's languages, most preferred first (`navigator.languages`, else `navigator.language`). */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export interface ReportDownload {
  submissionId: string;
  /** The name the file is saved under. */
  fileName: string;
}

/**
 * GET /api/assessment/results/{id}/report.pdf, saved as a download: in the page's language, on the
 * paper of the visitor's locale (left to the server when the browser names no region). The file
 * is fetched into the page first rather than handed to the browser as a link, so a refusal can be
 * said in the visitor's language instead of leaving a failed entry in the downloads list.
 */
export function useDownloadReport() {
  const platform = usePlatform();
  const { language } = useLanguage();
  const t = useT();
  const { show } = useToast();
  return useMutation({
    mutationFn: ({ submissionId, fileName }: ReportDownload) =>
      platform.saveFile({
        fileName,
        mimeType: 'application/pdf',
        source: {
          apiPath: urlFor(
            'getResultsReport',
            { submissionId },
            { lang: language, paper: paperForLanguages(browserLanguages()) },
          ),
        },
      }),
    onError: (error) => {
      show({
        title: t('results.report.failedTitle'),
        description: t(hasStatus(error, 404) ? 'results.report.goneText' : 'results.report.failedText'),
        intent: Intent.DANGER,
      });
    },
  });
}
