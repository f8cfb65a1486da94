import { Button, Card, Classes, Icon, Intent, Tag } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import type { DemographicField } from '@msp/shared/browser';
import { useId } from 'react';
import { FIELD_TYPES, hasOptions, type FieldType } from './demographic-form.js';

const TYPE_ICONS: Record<FieldType, IconName> = {
  text: IconNames.FONT,
  email: IconNames.ENVELOPE,
  select: IconNames.CARET_DOWN,
  radio: IconNames.SELECTION,
  number: IconNames.NUMERICAL,
};

export function fieldTypeLabel(fieldType: FieldType): string {
  return FIELD_TYPES.find((type) => type.value === fieldType)?.label ?? fieldType;
}

export interface DemographicFieldCardProps {
  field: DemographicField;
  onEdit: (field: DemographicField) => void;
  onDelete: (field: DemographicField) => void;
}

/** One field: label, identifier, type, order, Required and Inactive markers, options; Edit and Delete. */
export function DemographicFieldCard({ field, onEdit, onDelete }: DemographicFieldCardProps) {
  const titleId = useId();
  const choice = hasOptions(field.fieldType);
  return (
    <Card
      className={field.isActive ? 'demographic-card' : 'demographic-card demographic-card--inactive'}
      role="group"
      aria-labelledby={titleId}
    >
      <div className="demographic-card__main">
        <div className="admin-inline demographic-card__heading">
          <h3 id={titleId} className="admin-title demographic-card__label">
            {field.label}
          </h3>
          <code className={Classes.CODE}>{field.identifier}</code>
        </div>
        <div className="admin-inline">
          <Tag minimal icon={TYPE_ICONS[field.fieldType]}>
            {fieldTypeLabel(field.fieldType)}
          </Tag>
          <Tag minimal>Order: {field.order}</Tag>
          {field.isRequired && (
            <Tag minimal intent={Intent.PRIMARY}>
              Required
            </Tag>
          )}
          {!field.isActive && (
            <Tag minimal intent={Intent.WARNING} icon={IconNames.EYE_OFF}>
              Inactive
            </Tag>
          )}
        </div>
        {choice && (
          <p className="admin-wrap demographic-card__options">
            <Icon icon={IconNames.LIST} size={12} aria-hidden className={Classes.TEXT_MUTED} />{' '}
            <span className={Classes.TEXT_MUTED}>Options:</span>{' '}
            {field.options && field.options.length > 0 ? (
              field.options.join(', ')
            ) : (
              <span className={Classes.TEXT_MUTED}>none</span>
            )}
          </p>
        )}
      </div>
      <div className="admin-row-actions admin-touch-actions demographic-card__actions">
        <Button
          icon={IconNames.EDIT}
          text="Edit"
          aria-label={`Edit ${field.label}`}
          onClick={() => onEdit(field)}
        />
        <Button
          icon={IconNames.TRASH}
          intent={Intent.DANGER}
          variant="minimal"
          text="Delete"
          aria-label={`Delete ${field.label}`}
          onClick={() => onDelete(field)}
        />
      </div>
    </Card>
  );
}

/** Placeholder cards while the list loads. */
export function DemographicFieldsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="admin-list demographic-list" role="status" aria-label="Loading demographic fields">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="demographic-card" aria-hidden>
          <div className="demographic-card__main">
            <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
            <span className={`skeleton-line ${Classes.SKELETON}`} />
          </div>
        </Card>
      ))}
    </div>
  );
}
