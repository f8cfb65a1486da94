import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { levelLabel, MATURITY_LEVELS, type MatrixCell, type Pillar } from '@msp/shared/browser';
import { LevelBadge } from '../../../components/LevelBadge.js';
import { cellKey } from './queries.js';

export interface MatrixLayoutProps {
  pillars: readonly Pillar[];
  cells: Map<string, MatrixCell>;
  onView: (pillar: Pillar, level: number) => void;
  onEdit: (pillar: Pillar, level: number) => void;
  /** Starts loading the dialogs' code on the first sign of interest. */
  onIntent?: () => void;
}

const where = (pillar: Pillar, level: number) => `${pillar.name} — ${levelLabel(level)}`;

/** One pillar and level: the short description, a level badge, View and Edit; or Add Content (spec 2). */
export function MatrixCellContent({
  pillar,
  level,
  cell,
  onView,
  onEdit,
}: {
  pillar: Pillar;
  level: number;
  cell: MatrixCell | undefined;
  onView: MatrixLayoutProps['onView'];
  onEdit: MatrixLayoutProps['onEdit'];
}) {
  if (!cell) {
    return (
      <Button
        className="matrix-admin-cell matrix-admin-cell--empty"
        variant="outlined"
        icon={IconNames.ADD}
        text="Add Content"
        aria-label={`Add Content: ${where(pillar, level)}`}
        fill
        onClick={() => onEdit(pillar, level)}
      />
    );
  }
  return (
    <div className="matrix-admin-cell">
      <p className="matrix-admin-cell__text" title={cell.shortDescription}>
        {cell.shortDescription}
      </p>
      <div className="admin-inline matrix-admin-cell__footer">
        <LevelBadge level={level} />
        <span className="matrix-admin-cell__actions">
          <Button
            size="small"
            variant="minimal"
            icon={IconNames.EYE_OPEN}
            aria-label={`View ${where(pillar, level)}`}
            title="View"
            onClick={() => onView(pillar, level)}
          />
          <Button
            size="small"
            variant="minimal"
            intent={Intent.PRIMARY}
            icon={IconNames.EDIT}
            aria-label={`Edit ${where(pillar, level)}`}
            title="Edit"
            onClick={() => onEdit(pillar, level)}
          />
        </span>
      </div>
    </div>
  );
}

function PillarName({ pillar }: { pillar: Pillar }) {
  return (
    <>
      <span className="matrix-admin__pillar-name">{pillar.name}</span>
      {!pillar.isActive && (
        <Tag minimal intent={Intent.WARNING} className="matrix-admin__inactive">
          Inactive
        </Tag>
      )}
    </>
  );
}

/** Wide screens: one row per pillar, one column per level. */
export function MatrixTable({ pillars, cells, onView, onEdit, onIntent }: MatrixLayoutProps) {
  return (
    <div className="matrix-admin-table-wrap" onPointerEnter={onIntent} onFocus={onIntent}>
      <table className="matrix-admin-table">
        <caption className="visually-hidden">Matrix content by pillar and level</caption>
        <thead>
          <tr>
            <th scope="col" className="admin-overline matrix-admin-table__corner">
              Pillar
            </th>
            {MATURITY_LEVELS.map(({ level, description }) => (
              <th key={level} scope="col" className={`matrix-admin-table__level matrix-level--${level}`}>
                <span className="matrix-admin-table__level-title">{levelLabel(level)}</span>
                <span className={`matrix-admin-table__level-description ${Classes.TEXT_MUTED}`}>
                  {description}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pillars.map((pillar) => (
            <tr key={pillar.id} className={pillar.isActive ? undefined : 'matrix-admin-table__row--inactive'}>
              <th scope="row" className="matrix-admin-table__pillar">
                <PillarName pillar={pillar} />
              </th>
              {MATURITY_LEVELS.map(({ level }) => (
                <td
                  key={level}
                  className={`matrix-admin-table__cell matrix-level--${level}`}
                  data-cell={cellKey(pillar.id, level)}
                >
                  <MatrixCellContent
                    pillar={pillar}
                    level={level}
                    cell={cells.get(cellKey(pillar.id, level))}
                    onView={onView}
                    onEdit={onEdit}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: each pillar a card with its four levels stacked. */
export function MatrixStack({ pillars, cells, onView, onEdit, onIntent }: MatrixLayoutProps) {
  return (
    <ul
      className="admin-list matrix-admin-stack"
      aria-label="Matrix content by pillar"
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      {pillars.map((pillar) => {
        const filled = MATURITY_LEVELS.filter(({ level }) => cells.has(cellKey(pillar.id, level))).length;
        return (
          <li key={pillar.id} className="matrix-admin-stack__pillar">
            <h2 className="admin-inline matrix-admin-stack__title">
              <PillarName pillar={pillar} />
              <span className="admin-note matrix-admin-stack__count">{filled}/4</span>
            </h2>
            <ul className="admin-list matrix-admin-stack__levels" aria-label={`${pillar.name} levels`}>
              {MATURITY_LEVELS.map(({ level }) => {
                const cell = cells.get(cellKey(pillar.id, level));
                return (
                  <li
                    key={level}
                    className={`matrix-admin-stack__level matrix-level--${level}`}
                    data-cell={cellKey(pillar.id, level)}
                  >
                    {/* A filled cell names its level with its badge. */}
                    {!cell && <span className="matrix-admin-stack__level-title">{levelLabel(level)}</span>}
                    <MatrixCellContent
                      pillar={pillar}
                      level={level}
                      cell={cell}
                      onView={onView}
                      onEdit={onEdit}
                    />
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder while pillars and cells load, shaped like the table. */
export function MatrixSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="matrix-admin-skeleton" role="status" aria-label="Loading the matrix">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="matrix-admin-skeleton__row" aria-hidden>
          {Array.from({ length: 5 }, (_, cell) => (
            <span key={cell} className={Classes.SKELETON} />
          ))}
        </div>
      ))}
    </div>
  );
}
