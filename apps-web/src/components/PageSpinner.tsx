import { Spinner } from '@blueprintjs/core';
import { useT } from '../lib/i18n/i18n-context.js';

/** Centered spinner for a page or chunk that is loading. */
export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="page-spinner" role="status" aria-label={label ?? t('spinner.loading')}>
      <Spinner size={40} />
    </div>
  );
}
