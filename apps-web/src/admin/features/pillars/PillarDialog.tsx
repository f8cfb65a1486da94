import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { Dialog, DialogBody, FormGroup, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { PillarInput, type Pillar } from '@msp/shared';
import { useId } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useSavePillar } from './queries.js';
import { showServerIssues } from '../../api/server-issues.js';

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

/** Blueprint's inputs take the element's ref as `inputRef`. */
function inputProps<T extends UseFormRegisterReturn>({ ref, ...rest }: T) {
  return { ...rest, inputRef: ref };
}

/** New pillars default to active (spec 4). */
function initialValues(pillar: Pillar | null, defaultOrder: number): PillarValues {
  return pillar
    ? { name: pillar.name, description: pillar.description, order: pillar.order, isActive: pillar.isActive }
    : { name: '', description: '', order: defaultOrder, isActive: true };
}

/**
 * Add and Edit of a pillar: name, description, order and whether it is active, checked with the
 * schema the server uses (spec 5). Mounted afresh for every opening, so it starts from `pillar`.
 */
export default function PillarDialog({ isOpen, pillar, defaultOrder, onClose }: PillarDialogProps) {
  const id = useId();
  const form = useForm<PillarValues, unknown, PillarOutput>({
    defaultValues: initialValues(pillar, defaultOrder),
    resolver: zodResolver(PillarInput),
  });
  const { errors } = form.formState;
  const save = useSavePillar({ onSaved: onClose });
  const editing = pillar !== null;

  const onSubmit = form.handleSubmit((body) =>
    save
      .mutateAsync({ id: pillar?.id, body })
      // The toast has said it; a refused field is also shown where it is.
      .catch((error: unknown) => void showServerIssues(form, error)),
  );

  const fieldId = (name: keyof PillarValues) => `${id}-${name}`;
  const intentOf = (invalid: unknown) => (invalid ? Intent.DANGER : Intent.NONE);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Edit Pillar' : 'Add New Pillar'}
      icon={editing ? IconNames.EDIT : IconNames.NEW_LAYER}
      className="pillar-dialog"
      canOutsideClickClose={!save.isPending}
      canEscapeKeyClose={!save.isPending}
      isCloseButtonShown={!save.isPending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          <FormGroup
            label="Name"
            labelFor={fieldId('name')}
            labelInfo="(required)"
            intent={intentOf(errors.name)}
            helperText={errors.name?.message}
          >
            <InputGroup
              id={fieldId('name')}
              autoComplete="off"
              placeholder="e.g. Processes"
              autoFocus
              intent={intentOf(errors.name)}
              aria-invalid={errors.name ? true : undefined}
              {...inputProps(form.register('name'))}
            />
          </FormGroup>
          <FormGroup
            label="Description"
            labelFor={fieldId('description')}
            labelInfo="(required)"
            intent={intentOf(errors.description)}
            helperText={
              errors.description?.message ?? 'Shown to visitors on the maturity matrix and landing page.'
            }
          >
            <TextArea
              id={fieldId('description')}
              rows={4}
              fill
              autoResize
              intent={intentOf(errors.description)}
              aria-invalid={errors.description ? true : undefined}
              {...inputProps(form.register('description'))}
            />
          </FormGroup>
          <div className="pillar-dialog__row">
            <FormGroup
              label="Order"
              labelFor={fieldId('order')}
              intent={intentOf(errors.order)}
              helperText={errors.order?.message ?? 'Lower numbers come first.'}
            >
              <InputGroup
                id={fieldId('order')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                intent={intentOf(errors.order)}
                aria-invalid={errors.order ? true : undefined}
                {...inputProps(form.register('order'))}
              />
            </FormGroup>
            <FormGroup
              label="Status"
              helperText="Inactive pillars and their questions are hidden from visitors."
            >
              <Controller
                control={form.control}
                name="isActive"
                render={({ field }) => (
                  <Switch
                    label="Active"
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    name={field.name}
                    size="large"
                    className="pillar-dialog__switch"
                  />
                )}
              />
            </FormGroup>
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
