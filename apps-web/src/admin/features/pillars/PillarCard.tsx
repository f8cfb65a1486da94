import { Button, Card, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Pillar } from '@msp/shared/browser';
import { useId } from 'react';

export interface PillarCardProps {
  pillar: Pillar;
  /** How many questions belong to the pillar, once known. */
  questionCount?: number;
  onEdit: () => void;
  onDelete: () => void;
  /** Called when an action is about to be wanted, to load the dialog early. */
  onPrefetch?: () => void;
}

/** One pillar: name, "Order: n", an Inactive badge when inactive, the description, Edit and Delete. */
export function PillarCard({ pillar, questionCount, onEdit, onDelete, onPrefetch }: PillarCardProps) {
  const headingId = useId();
  return (
    <Card
      className={pillar.isActive ? 'pillar-card' : 'pillar-card pillar-card--inactive'}
      role="article"
      aria-labelledby={headingId}
    >
      <div className="admin-inline pillar-card__heading">
        <h2 id={headingId} className="admin-title pillar-card__name">
          {pillar.name}
        </h2>
        <div className="admin-inline">
          <Tag minimal round>
            Order: {pillar.order}
          </Tag>
          {!pillar.isActive && (
            <Tag intent={Intent.WARNING} icon={IconNames.EYE_OFF} minimal round>
              Inactive
            </Tag>
          )}
        </div>
      </div>
      <p className="admin-wrap pillar-card__description">{pillar.description}</p>
      <div className="admin-inline pillar-card__footer">
        <span className="admin-note">
          {questionCount === undefined
            ? null
            : questionCount === 0
              ? 'No questions yet'
              : `${questionCount} ${questionCount === 1 ? 'question' : 'questions'}`}
        </span>
        <div className="admin-row-actions">
          <Button
            size="small"
            variant="outlined"
            icon={IconNames.EDIT}
            text="Edit"
            aria-label={`Edit ${pillar.name}`}
            onClick={onEdit}
            onMouseEnter={onPrefetch}
            onFocus={onPrefetch}
          />
          <Button
            size="small"
            variant="outlined"
            intent={Intent.DANGER}
            icon={IconNames.TRASH}
            text="Delete"
            aria-label={`Delete ${pillar.name}`}
            onClick={onDelete}
          />
        </div>
      </div>
    </Card>
  );
}
