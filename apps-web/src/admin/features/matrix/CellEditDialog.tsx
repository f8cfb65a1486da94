import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { levelLabel, type MatrixCell, type Pillar } from '@msp/shared/browser';
import { useForm, useWatch } from 'react-hook-form';
import { TextField } from '../../components/form/index.js';
import {
  cellDefaults,
  cellFormSchema,
  OPTIONAL_SECTIONS,
  SHORT_DESCRIPTION_MAX,
  type CellBody,
  type CellFormValues,
} from './cell-form.js';
import { useUpsertMatrixCell } from './queries.js';

export interface CellEditDialogProps {
  isOpen: boolean;
  pillar: Pillar;
  level: number;
  /** The cell as saved; undefined when the pillar has no content at this level yet. */
  cell: MatrixCell | undefined;
  onClose: () => void;
  onClosed?: () => void;
}

/**
 * Creates or edits the cell of one pillar and level. Titled Create or Edit by whether
 * the cell exists. The page mounts it afresh for each opening.
 */
export default function CellEditDialog({
  isOpen,
  pillar,
  level,
  cell,
  onClose,
  onClosed,
}: CellEditDialogProps) {
  const exists = cell !== undefined;
  const form = useForm<CellFormValues, unknown, CellBody>({
    defaultValues: cellDefaults(cell),
    resolver: zodResolver(cellFormSchema),
  });
  const shortDescription = useWatch({ control: form.control, name: 'shortDescription' });
  const length = shortDescription.trim().length;
  const tooLong = length > SHORT_DESCRIPTION_MAX;

  const upsert = useUpsertMatrixCell({ onSaved: onClose });
  const onSubmit = form.handleSubmit((body) =>
    // The toast reports a failure; the dialog stays open with what was typed.
    upsert.mutateAsync({ pillarId: pillar.id, level, body }).catch(() => undefined),
  );

  const title = `${exists ? 'Edit' : 'Create'} Cell: ${pillar.name} — ${levelLabel(level)}`;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={() => {
        upsert.reset();
        onClosed?.();
      }}
      title={title}
      icon={exists ? IconNames.EDIT : IconNames.ADD}
      className="admin-dialog matrix-dialog matrix-edit-dialog"
      canOutsideClickClose={!upsert.isPending && !form.formState.isDirty}
      canEscapeKeyClose={!upsert.isPending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          <TextField
            control={form.control}
            name="shortDescription"
            label="Short description"
            required
            hint="One or two sentences, shown in the matrix cell."
            helperClassName="admin-inline matrix-edit-dialog__helper"
            helperAddon={
              <span className={tooLong ? 'admin-error' : undefined} aria-live="polite">
                {length}/{SHORT_DESCRIPTION_MAX}
                <span className="visually-hidden"> characters</span>
              </span>
            }
            controlIntent={tooLong ? Intent.DANGER : undefined}
            multiline
            fill
            rows={2}
            autoResize
            autoFocus
          />
          <TextField
            control={form.control}
            name="detailedContent"
            label="Detailed content"
            required
            hint="The overview visitors read when they open the cell."
            multiline
            fill
            rows={5}
          />
          <p className="admin-note admin-intro">
            The sections below are optional. In any text, lines that start with a dash (<code>- item</code>)
            become a list.
          </p>
          <div className="admin-dialog__row">
            {OPTIONAL_SECTIONS.map(({ name, label, placeholder }) => (
              <TextField
                key={name}
                control={form.control}
                name={name}
                label={label}
                optional
                multiline
                fill
                rows={4}
                placeholder={placeholder}
              />
            ))}
          </div>
        </DialogBody>
        <FormDialogFooter
          submitText={exists ? 'Save Cell' : 'Create Cell'}
          editing={exists}
          saving={upsert.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
