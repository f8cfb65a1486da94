import { Spinner } from '@blueprintjs/core';
import { MATRIX_MESSAGES } from './matrix-messages.js';
import './MatrixLoading.css';

/** "Loading maturity matrix..." while the matrix data (or its code) loads. */
export function MatrixLoading() {
  return (
    <div className="matrix-loading" role="status">
      <Spinner size={20} aria-hidden />
      <span>{MATRIX_MESSAGES.loading}</span>
    </div>
  );
}
