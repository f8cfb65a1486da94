import { Button, Card, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
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

/** One pillar and level: the short description, a level badge, View and Edit; or Add Content. */
export function MatrixCellContent({
  pillar,
  level,
  cell,
  onView,
  onEdit,
  compact = true,
}: {
  pillar: Pillar;
  level: number;
  cell: MatrixCell | undefined;
  /** Small buttons in the table; a phone's stack gives them Blueprint's regular size to touch. */
  compact?: boolean;
  onView: MatrixLayoutProps['onView'];
  onEdit: MatrixLayoutProps['onEdit'];
}) {
  if (!cell) {
    return (
      <Button
        variant="outlined"
        size={compact ? 'medium' : 'small'}
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
        <span>
          <Button
            size={compact ? 'small' : 'medium'}
            variant="minimal"
            icon={IconNames.EYE_OPEN}
            aria-label={`View ${where(pillar, level)}`}
            title="View"
            onClick={() => onView(pillar, level)}
          />
          <Button
            size={compact ? 'small' : 'medium'}
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
      <span className="admin-wrap">{pillar.name}</span>
      {!pillar.isActive && (
        <>
          {' '}
          <Tag minimal intent={Intent.WARNING}>
            Inactive
          </Tag>
        </>
      )}
    </>
  );
}

/** Wide screens: one row per pillar, one column per level. */
export function MatrixTable({ pillars, cells, onView, onEdit, onIntent }: MatrixLayoutProps) {
  return (
    <Card className="admin-panel admin-table-wrap" onPointerEnter={onIntent} onFocus={onIntent}>
      <HTMLTable bordered className="admin-table matrix-admin-table">
        <caption className="visually-hidden">Matrix content by pillar and level</caption>
        <thead>
          <tr>
            <th scope="col" className="matrix-admin-table__corner">
              Pillar
            </th>
            {MATURITY_LEVELS.map(({ level, description }) => (
              <th key={level} scope="col">
                {levelLabel(level)}
                <div className="admin-note">{description}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pillars.map((pillar) => (
            <tr key={pillar.id}>
              <th scope="row">
                <PillarName pillar={pillar} />
              </th>
              {MATURITY_LEVELS.map(({ level }) => (
                <td key={level} data-cell={cellKey(pillar.id, level)}>
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
      </HTMLTable>
    </Card>
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
          <li key={pillar.id} className={Classes.CARD}>
            <h2 className="admin-inline admin-title admin-title--head">
              <PillarName pillar={pillar} />
              <span className="admin-note">{filled}/4</span>
            </h2>
            <ul className="admin-list" aria-label={`${pillar.name} levels`}>
              {MATURITY_LEVELS.map(({ level }) => {
                const cell = cells.get(cellKey(pillar.id, level));
                return (
                  <li
                    key={level}
                    className={`${Classes.CARD} admin-item-card`}
                    data-cell={cellKey(pillar.id, level)}
                  >
                    {/* A filled cell names its level with its badge. */}
                    {!cell && <p className="admin-overline">{levelLabel(level)}</p>}
                    <MatrixCellContent
                      pillar={pillar}
                      level={level}
                      cell={cell}
                      onView={onView}
                      onEdit={onEdit}
                      compact={false}
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
    <Card className="admin-list" role="status" aria-label="Loading the matrix">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="matrix-admin-skeleton__row" aria-hidden>
          {Array.from({ length: 5 }, (_, cell) => (
            <span key={cell} className={Classes.SKELETON} />
          ))}
        </div>
      ))}
    </Card>
  );
}
