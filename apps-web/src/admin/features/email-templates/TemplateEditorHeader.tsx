import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Ref } from 'react';

export interface TemplateEditorHeaderProps {
  /** The template's name when editing one; null for a new one. */
  editing: string | null;
  /** The id of the form the Save button submits. */
  formId: string;
  saving: boolean;
  onCancel: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The way back to the list, the editor's title, and Cancel and Save. */
export function TemplateEditorHeader({
  editing,
  formId,
  saving,
  onCancel,
  headingRef,
}: TemplateEditorHeaderProps) {
  return (
    <>
      <div>
        <Button variant="minimal" icon={IconNames.ARROW_LEFT} text="All templates" onClick={onCancel} />
      </div>
      <header className="admin-page-header">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="admin-page-header__title template-editor__title">
            {editing !== null ? 'Edit Email Template' : 'New Email Template'}
          </h1>
          {editing !== null && <p className="admin-page-header__description admin-wrap">{editing}</p>}
        </div>
        <div className="admin-inline admin-touch-actions">
          <Button text="Cancel" onClick={onCancel} disabled={saving} />
          <Button
            type="submit"
            form={formId}
            intent={Intent.PRIMARY}
            icon={editing !== null ? IconNames.TICK : IconNames.ADD}
            text={editing !== null ? 'Save Template' : 'Create Template'}
            loading={saving}
          />
        </div>
      </header>
    </>
  );
}
