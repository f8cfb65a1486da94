import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { Dialog, DialogBody } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { PillarInput, type Pillar } from '@msp/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSavePillar } from './queries.js';
import { showServerIssues } from '../../api/server-issues.js';
import { NumberField, SwitchField, TextField } from '../../components/form/index.js';

type PillarValues = z.input<typeof PillarInput>;
type PillarOutput = z.output<typeof PillarInput>;

export interface PillarDialogProps {
  isOpen: boolean;
  /** The pillar to edit; a new pillar when null. */
  pillar: Pillar | null;
  /** The order a new pillar starts with. */
  defaultOrder: number;
  onClose: () => void;
}

/** New pillars default to active. */
function initialValues(pillar: Pillar | null, defaultOrder: number): PillarValues {
  return pillar
    ? { name: pillar.name, description: pillar.description, order: pillar.order, isActive: pillar.isActive }
    : { name: '', description: '', order: defaultOrder, isActive: true };
}

/**
 * Add and Edit of a pillar: name, description, order and whether it is active, checked with the
 * schema the server uses. Mounted afresh for every opening, so it starts from `pillar`.
 */
export default function PillarDialog({ isOpen, pillar, defaultOrder, onClose }: PillarDialogProps) {
  const form = useForm<PillarValues, unknown, PillarOutput>({
    defaultValues: initialValues(pillar, defaultOrder),
    resolver: zodResolver(PillarInput),
  });
  const save = useSavePillar({ onSaved: onClose });
  const editing = pillar !== null;

  const onSubmit = form.handleSubmit((body) =>
    save
      .mutateAsync({ id: pillar?.id, body })
      // The toast has said it; a refused field is also shown where it is.
      .catch((error: unknown) => void showServerIssues(form, error)),
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Edit Pillar' : 'Add New Pillar'}
      icon={editing ? IconNames.EDIT : IconNames.NEW_LAYER}
      className="admin-dialog"
      canOutsideClickClose={!save.isPending}
      canEscapeKeyClose={!save.isPending}
      isCloseButtonShown={!save.isPending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          <TextField
            control={form.control}
            name="name"
            label="Name"
            required
            autoComplete="off"
            placeholder="e.g. Processes"
            autoFocus
          />
          <TextField
            control={form.control}
            name="description"
            label="Description"
            required
            hint="Shown to visitors on the maturity matrix and landing page."
            multiline
            rows={4}
            fill
            autoResize
          />
          <div className="admin-dialog__row pillar-dialog__row">
            <NumberField control={form.control} name="order" label="Order" hint="Lower numbers come first." />
            <SwitchField
              control={form.control}
              name="isActive"
              groupLabel="Status"
              hint="Inactive pillars and their questions are hidden from visitors."
              label="Active"
              size="large"
            />
          </div>
        </DialogBody>
        <FormDialogFooter
          submitText={editing ? 'Save Changes' : 'Create Pillar'}
          editing={editing}
          saving={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
