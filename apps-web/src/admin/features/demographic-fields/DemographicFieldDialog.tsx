import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { DemographicField } from '@msp/shared/browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { NumberField, SelectField, SwitchField, TextField } from '../../components/form/index.js';
import {
  createDefaults,
  demographicFormSchema,
  editDefaults,
  FIELD_TYPES,
  hasOptions,
  identifierFromLabel,
  type DemographicFieldBody,
  type DemographicFormValues,
} from './demographic-form.js';
import { useCreateDemographicField, useUpdateDemographicField } from './queries.js';
import { showServerIssues } from '../../api/server-issues.js';

export interface DemographicFieldDialogProps {
  isOpen: boolean;
  /** The field being edited; null to create a new one. */
  field: DemographicField | null;
  /** How many fields exist: a new field is placed after them. */
  existingCount: number;
  onClose: () => void;
  /** Called once the closing transition has finished. */
  onClosed?: () => void;
}

/**
 * Create and edit a demographic field: one form for both; the list refreshes on success.
 * The page mounts it afresh for each opening, so the form starts from the field or the defaults.
 */
export default function DemographicFieldDialog({
  isOpen,
  field,
  existingCount,
  onClose,
  onClosed,
}: DemographicFieldDialogProps) {
  const editing = field !== null;
  const form = useForm<DemographicFormValues, unknown, DemographicFieldBody>({
    defaultValues: editing ? editDefaults(field) : createDefaults(existingCount),
    resolver: zodResolver(demographicFormSchema),
  });
  const { dirtyFields, isSubmitted } = form.formState;
  const fieldType = useWatch({ control: form.control, name: 'fieldType' });
  const label = useWatch({ control: form.control, name: 'label' });
  const showOptions = hasOptions(fieldType);

  // A new field's identifier follows its label until the admin types one of their own.
  const { setValue } = form;
  const identifierTyped = dirtyFields.identifier === true;
  useEffect(() => {
    if (editing || identifierTyped) return;
    setValue('identifier', identifierFromLabel(label), { shouldValidate: isSubmitted });
  }, [editing, identifierTyped, isSubmitted, label, setValue]);

  const create = useCreateDemographicField({ onSaved: onClose });
  const update = useUpdateDemographicField({ onSaved: onClose });
  const saving = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((body) =>
    (field ? update.mutateAsync({ id: field.id, body }) : create.mutateAsync(body)).catch(
      // The toast has said it; a field the server names (a taken identifier) is marked too.
      (error: unknown) => void showServerIssues(form, error),
    ),
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={() => {
        create.reset();
        update.reset();
        onClosed?.();
      }}
      title={editing ? 'Edit Demographic Field' : 'Add Demographic Field'}
      icon={editing ? IconNames.EDIT : IconNames.NEW_TEXT_BOX}
      className="admin-dialog demographic-dialog"
      canOutsideClickClose={!saving}
      canEscapeKeyClose={!saving}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          <div className="admin-dialog__row">
            <TextField
              control={form.control}
              name="label"
              label="Label"
              required
              hint="The question visitors see."
              autoComplete="off"
              placeholder="e.g. Number of Employees"
              autoFocus
            />
            <TextField
              control={form.control}
              name="identifier"
              label="Identifier"
              required
              hint="Lowercase letters, numbers and underscores. The key in submissions and the webhook."
              className="demographic-dialog__code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="e.g. employee_count"
            />
          </div>
          <div className="admin-dialog__row">
            <SelectField
              control={form.control}
              name="fieldType"
              label="Field type"
              hint="Select and radio fields offer a fixed list of options."
              fill
              options={FIELD_TYPES.map(({ value, label }) => ({ value, label }))}
            />
            <NumberField
              control={form.control}
              name="order"
              label="Order"
              hint="Lower numbers appear first."
            />
          </div>
          {showOptions && (
            <TextField
              control={form.control}
              name="options"
              label="Options"
              required
              hint='A JSON array of text values, e.g. ["1-5", "6-10"].'
              multiline
              className="demographic-dialog__code"
              fill
              rows={3}
              spellCheck={false}
              placeholder='["1-5", "6-10", "11-25"]'
            />
          )}
          <div className="admin-inline demographic-dialog__switches">
            <SwitchField control={form.control} name="isRequired" role="switch" label="Required" />
            <SwitchField control={form.control} name="isActive" role="switch" label="Active" />
          </div>
          <p className="admin-note demographic-dialog__note">
            Required fields must be filled in before the questions start. Inactive fields are hidden from
            visitors.
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={saving} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon={editing ? IconNames.TICK : IconNames.ADD}
                text={editing ? 'Save Changes' : 'Create Field'}
                loading={saving}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
