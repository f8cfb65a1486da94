import { Button, Intent, Spinner } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useT } from '../../lib/i18n/i18n-context.js';
import { useDownloadReport, type ReportDownload } from './use-download-report.js';

/**
 * What the visitor can take away: the generated PDF report, saved as a file, and the page itself
 * printed (the print stylesheet in results.css lays it out for paper).
 */
export function ReportActions(report: ReportDownload) {
  const t = useT();
  const download = useDownloadReport();
  const pending = download.isPending;
  return (
    <div className="results__actions" role="group" aria-label={t('results.report.actions')}>
      <Button
        className="results__action"
        intent={Intent.PRIMARY}
        icon={pending ? <Spinner size={16} aria-hidden /> : IconNames.DOWNLOAD}
        // Not disabled while it downloads: a disabled button drops the keyboard's focus.
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) download.mutate(report);
        }}
      >
        {t(pending ? 'results.report.preparing' : 'results.report.download')}
      </Button>
      <Button
        className="results__action"
        variant="outlined"
        icon={IconNames.PRINT}
        onClick={() => window.print()}
      >
        {t('results.print')}
      </Button>
      {/* A changed button label is not announced; the status is. */}
      <span className="visually-hidden" role="status">
        {pending ? t('results.report.preparing') : ''}
      </span>
    </div>
  );
}
