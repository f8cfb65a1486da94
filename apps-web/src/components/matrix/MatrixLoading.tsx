import { Spinner } from '@blueprintjs/core';
import { useT } from '../../lib/i18n/i18n-context.js';
import './MatrixLoading.css';

/** "Loading maturity matrix..." while the matrix data (or its code) loads. */
export function MatrixLoading() {
  const t = useT();
  return (
    <div className="matrix-loading" role="status">
      <Spinner size={20} aria-hidden />
      <span>{t('matrix.loading')}</span>
    </div>
  );
}
