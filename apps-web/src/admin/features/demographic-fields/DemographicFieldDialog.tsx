import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { DemographicField } from '@msp/shared/browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
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

/** Blueprint's inputs take the element's ref as `inputRef`. */
function inputProps<T extends string>({ ref, ...rest }: UseFormRegisterReturn<T>) {
  return { ...rest, inputRef: ref };
}

/**
 * Create and edit a demographic field (spec 5): one form for both; the list refreshes on success.
 * The page mounts it afresh for each opening, so the form starts from the field or the defaults.
 */
export default function DemographicFieldDialog({
  isOpen,
  field,
  existingCount,
  onClose,
  onClosed,
}: DemographicFieldDialogProps) {
  const id = useId();
  const editing = field !== null;
  const form = useForm<DemographicFormValues, unknown, DemographicFieldBody>({
    defaultValues: editing ? editDefaults(field) : createDefaults(existingCount),
    resolver: zodResolver(demographicFormSchema),
  });
  const { errors, dirtyFields, isSubmitted } = form.formState;
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

  const fieldId = (name: keyof DemographicFormValues) => `${id}-${name}`;
  const helpId = (name: keyof DemographicFormValues) => `${id}-${name}-help`;
  const intentOf = (name: keyof DemographicFormValues) => (errors[name] ? Intent.DANGER : Intent.NONE);
  const a11y = (name: keyof DemographicFormValues) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': helpId(name),
  });
  /** The helper line: the error when there is one, else the hint. */
  const helper = (name: keyof DemographicFormValues, hint?: string) => {
    const text = errors[name]?.message ?? hint;
    return text ? <span id={helpId(name)}>{text}</span> : undefined;
  };

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
      className="demographic-dialog"
      canOutsideClickClose={!saving}
      canEscapeKeyClose={!saving}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          <div className="demographic-dialog__row">
            <FormGroup
              label="Label"
              labelFor={fieldId('label')}
              labelInfo="(required)"
              intent={intentOf('label')}
              helperText={helper('label', 'The question visitors see.')}
            >
              <InputGroup
                {...a11y('label')}
                autoComplete="off"
                placeholder="e.g. Number of Employees"
                autoFocus
                intent={intentOf('label')}
                {...inputProps(form.register('label'))}
              />
            </FormGroup>
            <FormGroup
              label="Identifier"
              labelFor={fieldId('identifier')}
              labelInfo="(required)"
              intent={intentOf('identifier')}
              helperText={helper(
                'identifier',
                'Lowercase letters, numbers and underscores. The key in submissions and the webhook.',
              )}
            >
              <InputGroup
                {...a11y('identifier')}
                className="demographic-dialog__code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="e.g. employee_count"
                intent={intentOf('identifier')}
                {...inputProps(form.register('identifier'))}
              />
            </FormGroup>
          </div>
          <div className="demographic-dialog__row">
            <FormGroup
              label="Field type"
              labelFor={fieldId('fieldType')}
              helperText={helper('fieldType', 'Select and radio fields offer a fixed list of options.')}
              intent={intentOf('fieldType')}
            >
              <HTMLSelect
                {...a11y('fieldType')}
                fill
                options={FIELD_TYPES.map(({ value, label }) => ({ value, label }))}
                {...form.register('fieldType')}
              />
            </FormGroup>
            <FormGroup
              label="Order"
              labelFor={fieldId('order')}
              intent={intentOf('order')}
              helperText={helper('order', 'Lower numbers appear first.')}
            >
              <InputGroup
                {...a11y('order')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                intent={intentOf('order')}
                {...inputProps(form.register('order'))}
              />
            </FormGroup>
          </div>
          {showOptions && (
            <FormGroup
              label="Options"
              labelFor={fieldId('options')}
              labelInfo="(required)"
              intent={intentOf('options')}
              helperText={helper('options', 'A JSON array of text values, e.g. ["1-5", "6-10"].')}
            >
              <TextArea
                {...a11y('options')}
                className="demographic-dialog__code"
                fill
                rows={3}
                spellCheck={false}
                placeholder='["1-5", "6-10", "11-25"]'
                intent={intentOf('options')}
                {...inputProps(form.register('options'))}
              />
            </FormGroup>
          )}
          <div className="demographic-dialog__switches">
            <Switch
              role="switch"
              label="Required"
              {...inputProps(form.register('isRequired'))}
              className="demographic-dialog__switch"
            />
            <Switch
              role="switch"
              label="Active"
              {...inputProps(form.register('isActive'))}
              className="demographic-dialog__switch"
            />
          </div>
          <p className="demographic-dialog__note">
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
