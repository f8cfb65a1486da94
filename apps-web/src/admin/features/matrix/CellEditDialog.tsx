import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { Classes, Dialog, DialogBody, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { levelLabel, type MatrixCell, type Pillar } from '@msp/shared/browser';
import { useId } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
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

function textAreaProps<T extends string>({ ref, ...rest }: UseFormRegisterReturn<T>) {
  return { ...rest, inputRef: ref };
}

/**
 * Creates or edits the cell of one pillar and level (spec 2, 5). Titled Create or Edit by whether
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
  const id = useId();
  const exists = cell !== undefined;
  const form = useForm<CellFormValues, unknown, CellBody>({
    defaultValues: cellDefaults(cell),
    resolver: zodResolver(cellFormSchema),
  });
  const { errors } = form.formState;
  const shortDescription = useWatch({ control: form.control, name: 'shortDescription' });
  const length = shortDescription.trim().length;
  const tooLong = length > SHORT_DESCRIPTION_MAX;

  const upsert = useUpsertMatrixCell({ onSaved: onClose });
  const onSubmit = form.handleSubmit((body) =>
    // The toast reports a failure; the dialog stays open with what was typed.
    upsert.mutateAsync({ pillarId: pillar.id, level, body }).catch(() => undefined),
  );

  const fieldId = (name: keyof CellFormValues) => `${id}-${name}`;
  const helpId = (name: keyof CellFormValues) => `${id}-${name}-help`;
  const intentOf = (name: keyof CellFormValues) => (errors[name] ? Intent.DANGER : Intent.NONE);
  const a11y = (name: keyof CellFormValues) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': helpId(name),
  });

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
      className={`matrix-edit-dialog matrix-level--${level}`}
      canOutsideClickClose={!upsert.isPending && !form.formState.isDirty}
      canEscapeKeyClose={!upsert.isPending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody className="matrix-edit-dialog__body">
          <FormGroup
            label="Short description"
            labelFor={fieldId('shortDescription')}
            labelInfo="(required)"
            intent={intentOf('shortDescription')}
            helperText={
              <span className="matrix-edit-dialog__helper">
                <span id={helpId('shortDescription')}>
                  {errors.shortDescription?.message ?? 'One or two sentences, shown in the matrix cell.'}
                </span>
                <span
                  className={`matrix-edit-dialog__counter${tooLong ? ' matrix-edit-dialog__counter--over' : ''}`}
                  aria-live="polite"
                >
                  {length}/{SHORT_DESCRIPTION_MAX}
                  <span className="admin-visually-hidden"> characters</span>
                </span>
              </span>
            }
          >
            <TextArea
              {...a11y('shortDescription')}
              fill
              rows={2}
              autoResize
              autoFocus
              intent={tooLong ? Intent.DANGER : intentOf('shortDescription')}
              {...textAreaProps(form.register('shortDescription'))}
            />
          </FormGroup>
          <FormGroup
            label="Detailed content"
            labelFor={fieldId('detailedContent')}
            labelInfo="(required)"
            intent={intentOf('detailedContent')}
            helperText={
              <span id={helpId('detailedContent')}>
                {errors.detailedContent?.message ?? 'The overview visitors read when they open the cell.'}
              </span>
            }
          >
            <TextArea
              {...a11y('detailedContent')}
              fill
              rows={5}
              intent={intentOf('detailedContent')}
              {...textAreaProps(form.register('detailedContent'))}
            />
          </FormGroup>
          <p className={`matrix-edit-dialog__hint ${Classes.TEXT_MUTED}`}>
            The sections below are optional. In any text, lines that start with a dash (<code>- item</code>)
            become a list.
          </p>
          <div className="matrix-edit-dialog__grid">
            {OPTIONAL_SECTIONS.map(({ name, label, placeholder }) => (
              <FormGroup
                key={name}
                label={label}
                labelFor={fieldId(name)}
                labelInfo="(optional)"
                intent={intentOf(name)}
                helperText={errors[name] ? <span id={helpId(name)}>{errors[name].message}</span> : undefined}
              >
                <TextArea
                  {...a11y(name)}
                  aria-describedby={errors[name] ? helpId(name) : undefined}
                  fill
                  rows={4}
                  placeholder={placeholder}
                  intent={intentOf(name)}
                  {...textAreaProps(form.register(name))}
                />
              </FormGroup>
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
