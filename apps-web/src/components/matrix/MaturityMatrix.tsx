import { Button, Classes, FormGroup, HTMLSelect, NonIdealState } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { useT } from '../../lib/i18n/i18n-context.js';
import { useMatrixData } from './matrix-data.js';
import { MatrixGrid } from './MatrixGrid.js';
import { MatrixLoading } from './MatrixLoading.js';
import './MaturityMatrix.css';

/** Where MatrixGrid.css stacks each pillar into a card of its own. */
const STACKED = '(max-width: 760px)';

/**
 * The public maturity matrix with its loading and error states: used on the landing page
 * and on /matrix. With `onePillarOnPhones`, phones show one pillar at a time with a picker: the
 * whole stacked matrix is about nine screens tall, too much inside another page.
 */
export function MaturityMatrix({
  label,
  onePillarOnPhones,
}: {
  label?: string;
  onePillarOnPhones?: boolean;
}) {
  const t = useT();
  const { pillars, cellsByKey, isLoading, isUnavailable, failures, retry, isRetrying } = useMatrixData();
  const stacked = useMediaQuery(STACKED);
  const [chosenId, setChosenId] = useState<number>();
  const pickerId = useId();

  if (isLoading) {
    return <MatrixLoading />;
  }

  if (isUnavailable || !pillars) {
    return (
      <div className="maturity-matrix__unavailable" role="alert">
        <NonIdealState
          icon="error"
          title={t('matrix.unavailable')}
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
          action={<Button icon="refresh" text={t('matrix.tryAgain')} loading={isRetrying} onClick={retry} />}
        />
      </div>
    );
  }

  if (onePillarOnPhones && stacked && pillars.length > 1) {
    const shown = pillars.find((pillar) => pillar.id === chosenId) ?? pillars[0]!;
    return (
      <div className="maturity-matrix__one-pillar">
        <FormGroup label={t('matrix.pillar')} labelFor={pickerId} inline className="maturity-matrix__picker">
          <HTMLSelect
            id={pickerId}
            value={shown.id}
            onChange={(event) => setChosenId(Number(event.currentTarget.value))}
            options={pillars.map((pillar) => ({ value: pillar.id, label: pillar.name }))}
            fill
          />
        </FormGroup>
        <MatrixGrid pillars={[shown]} cellsByKey={cellsByKey} label={label} />
      </div>
    );
  }

  return <MatrixGrid pillars={pillars} cellsByKey={cellsByKey} label={label} />;
}

export default MaturityMatrix;
