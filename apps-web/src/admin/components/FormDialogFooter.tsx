import { Button, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ReactNode } from 'react';

export interface FormDialogFooterProps {
  /** Label of the submit button ("Create Pillar", "Save Changes"). */
  submitText: string;
  /** Editing something that exists (tick icon) rather than creating (plus icon). */
  editing?: boolean;
  /** While the save is in flight: submit shows progress and Cancel is disabled. */
  saving: boolean;
  onCancel: () => void;
  /** Anything shown on the footer's left, such as a hint. */
  children?: ReactNode;
}

/** Cancel and submit for the portal's form dialogs; the submit button submits the enclosing form. */
export function FormDialogFooter({
  submitText,
  editing = false,
  saving,
  onCancel,
  children,
}: FormDialogFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text="Cancel" onClick={onCancel} disabled={saving} />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon={editing ? IconNames.TICK : IconNames.ADD}
            text={submitText}
            loading={saving}
          />
        </>
      }
    >
      {children}
    </DialogFooter>
  );
}
