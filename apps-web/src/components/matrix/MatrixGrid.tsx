import { Icon } from '@blueprintjs/core';
import { MATURITY_LEVELS, type PublicMatrixCell, type PublicPillar } from '@msp/shared/browser';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useT } from '../../lib/i18n/i18n-context.js';
import { useLevelLabel } from '../../lib/i18n/use-level-label.js';
import { cellKey } from './matrix-data.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import './MatrixGrid.css';

const loadDialog = () => import('./CellDetailDialog.js');
// The dialog (and its text rendering) is not needed for the first paint of the landing page.
const CellDetailDialog = lazy(loadDialog);

/** Starts loading the dialog chunk early, so the first click opens it without a wait. */
function prefetchDialog() {
  void loadDialog();
}

export interface MatrixGridProps {
  /** Active pillars in display order: one row each. */
  pillars: PublicPillar[];
  /** Cells by `cellKey(pillarId, level)`. */
  cellsByKey: Map<string, PublicMatrixCell>;
  /** Accessible name of the grid. */
  label?: string;
}

/**
 * The maturity matrix: a label column plus one column per level, one row per pillar. Each filled
 * cell is a button opening the cell detail dialog. On narrow screens each pillar stacks into a card.
 */
export function MatrixGrid({ pillars, cellsByKey, label }: MatrixGridProps) {
  const t = useT();
  const levels = useLevelLabel();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<{ pillar: PublicPillar; level: number } | null>(null);
  // Keeps the dialog mounted through its closing animation.
  const [dialogOpen, setDialogOpen] = useState(false);

  const open = useCallback((pillar: PublicPillar, level: number) => {
    setSelected({ pillar, level });
    setDialogOpen(true);
  }, []);

  const selectedCell = selected ? cellsByKey.get(cellKey(selected.pillar.id, selected.level)) : undefined;
  const availableLevels = selected
    ? MATURITY_LEVELS.map((l) => l.level).filter((level) =>
        cellsByKey.has(cellKey(selected.pillar.id, level)),
      )
    : [];

  return (
    <>
      <div
        className="matrix-grid"
        role="table"
        aria-label={label ?? t('matrix.label')}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
      >
        <div className="matrix-grid__row matrix-grid__row--header" role="row">
          <div className="matrix-grid__corner" role="columnheader">
            {t('matrix.pillar')}
          </div>
          {MATURITY_LEVELS.map(({ level }) => (
            <div
              key={level}
              className={`matrix-grid__level-header matrix-grid__level-header--${level}`}
              role="columnheader"
            >
              <span className="matrix-grid__level-title">{levels.label(level)}</span>
              <span className="matrix-grid__level-description">{levels.description(level)}</span>
            </div>
          ))}
        </div>
        {pillars.map((pillar) => (
          <div key={pillar.id} className="matrix-grid__row" role="row">
            <div className="matrix-grid__pillar" role="rowheader">
              <span className="matrix-grid__pillar-name">{pillar.name}</span>
            </div>
            {MATURITY_LEVELS.map(({ level }) => {
              const cell = cellsByKey.get(cellKey(pillar.id, level));
              return (
                <div key={level} className="matrix-grid__cell" role="cell">
                  {cell ? (
                    <button
                      type="button"
                      className={`matrix-cell matrix-cell--${level}`}
                      aria-haspopup="dialog"
                      // Drawn by the server, a cell opens once the app has taken the page over.
                      disabled={!hydrated}
                      onClick={() => open(pillar, level)}
                    >
                      <span className="matrix-cell__level">{levels.label(level)}</span>
                      <span className="matrix-cell__text">{cell.shortDescription}</span>
                      <span className="matrix-cell__more" aria-hidden="true">
                        {t('matrix.details')}
                        <Icon icon="chevron-right" size={12} />
                      </span>
                    </button>
                  ) : (
                    <div className={`matrix-cell matrix-cell--${level} matrix-cell--empty`}>
                      <span className="matrix-cell__level">{levels.label(level)}</span>
                      <span className="matrix-cell__text">{t('matrix.noData')}</span>
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {selected && (
        <Suspense fallback={null}>
          <CellDetailDialog
            isOpen={dialogOpen}
            pillarName={selected.pillar.name}
            level={selected.level}
            cell={selectedCell}
            availableLevels={availableLevels}
            onNavigate={(level) => setSelected({ pillar: selected.pillar, level })}
            onClose={() => setDialogOpen(false)}
            onClosed={() => setSelected(null)}
          />
        </Suspense>
      )}
    </>
  );
}
