import { Button, Classes, NonIdealState } from '@blueprintjs/core';
import { MATRIX_MESSAGES, useMatrixData } from './matrix-data.js';
import { MatrixGrid } from './MatrixGrid.js';
import { MatrixLoading } from './MatrixLoading.js';
import './MaturityMatrix.css';

/**
 * The public maturity matrix with its loading and error states (spec 4): used on the landing page
 * and on /matrix.
 */
export function MaturityMatrix({ label }: { label?: string }) {
  const { pillars, cellsByKey, isLoading, isUnavailable, failures, retry, isRetrying } = useMatrixData();

  if (isLoading) {
    return <MatrixLoading />;
  }

  if (isUnavailable || !pillars) {
    return (
      <div className="maturity-matrix__unavailable" role="alert">
        <NonIdealState
          icon="error"
          title={MATRIX_MESSAGES.unavailable}
          description={
            failures.length > 0 ? (
              <ul className="maturity-matrix__failures">
                {failures.map((failure) => (
                  <li key={failure.message}>
                    {failure.message}
                    {failure.detail && <span className={Classes.TEXT_MUTED}> ({failure.detail})</span>}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
          action={<Button icon="refresh" text="Try again" loading={isRetrying} onClick={retry} />}
        />
      </div>
    );
  }

  return <MatrixGrid pillars={pillars} cellsByKey={cellsByKey} label={label} />;
}

export default MaturityMatrix;
