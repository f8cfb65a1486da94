import { Callout, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useId } from 'react';

export interface TemplateVariablesProps {
  /** The variables of the current pillars; undefined while they load. */
  variables: readonly string[] | undefined;
  /** Known variables the subject or body already uses. */
  used: readonly string[];
  onInsert: (name: string) => void;
}

/** The variables a template may use, each a tag that inserts `{{name}}` where the cursor was. */
export function TemplateVariables({ variables, used, onInsert }: TemplateVariablesProps) {
  const labelId = useId();
  return (
    <div className="admin-summary" role="group" aria-labelledby={labelId}>
      <strong id={labelId}>Template variables</strong>
      <p className="admin-note admin-summary">
        Select one to insert it at the cursor in the subject or the body. Values are escaped in the email.
      </p>
      <div className="admin-inline">
        {variables === undefined && (
          <span
            className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`}
            aria-label="Loading the variables"
          />
        )}
        {variables?.map((name) => {
          const isUsed = used.includes(name);
          return (
            <Tag
              key={name}
              minimal
              interactive
              intent={isUsed ? Intent.PRIMARY : Intent.NONE}
              icon={isUsed ? IconNames.TICK : IconNames.PLUS}
              className={Classes.MONOSPACE_TEXT}
              aria-label={`Insert ${name}${isUsed ? ', used' : ''}`}
              // Keeps the caret in the subject or body while the mouse is down.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInsert(name)}
            >
              {`{{${name}}}`}
            </Tag>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Names in `{{…}}` that are not variables of the current fields and pillars (a pillar renamed or
 * switched off since the template was written leaves its old `<name>_level` behind): sent as written.
 */
export function UnknownVariablesWarning({ unknown }: { unknown: readonly string[] }) {
  if (unknown.length === 0) return null;
  const pillarLike = unknown.some((name) => name.endsWith('_level'));
  return (
    <Callout
      intent={Intent.WARNING}
      icon={IconNames.WARNING_SIGN}
      compact
      className="template-unknown"
      role="status"
    >
      <strong>{unknown.length === 1 ? 'Unknown variable:' : 'Unknown variables:'}</strong>{' '}
      {unknown.map((name, index) => (
        <span key={name}>
          {index > 0 && ', '}
          <code>{`{{${name}}}`}</code>
        </span>
      ))}
      . {unknown.length === 1 ? 'It is' : 'They are'} not filled in and will appear in the email as written.
      {pillarLike && ' No current pillar has that name: was a pillar renamed or switched off?'}
    </Callout>
  );
}
