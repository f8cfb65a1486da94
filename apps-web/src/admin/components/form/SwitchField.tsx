import { FormGroup, Switch, type SwitchProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from './use-form-field.js';

export type SwitchFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  FormFieldProps<TValues, TName>,
  'required' | 'optional' | 'label' | 'helperAddon' | 'helperClassName'
> &
  Omit<SwitchProps, 'label' | 'name' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'inputRef'> & {
    /** The switch's own label, e.g. "Active". */
    label: string;
    /** A form group label above the switch (e.g. "Status"), with the hint below; none by default. */
    groupLabel?: ReactNode;
    /** Shown when the form holds no value yet. */
    defaultChecked?: boolean;
  };

/**
 * An on/off switch bound to a boolean of the form. `label` is the switch's own; with `groupLabel`
 * it sits in a form group titled that, with the hint below.
 */
export function SwitchField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  hint,
  groupClassName,
  groupLabel,
  defaultChecked = false,
  ...props
}: SwitchFieldProps<TValues, TName>) {
  const { controller } = useFormField<TValues, TName, FormFieldProps<TValues, TName>>({
    control,
    name,
    label,
  });
  const { field } = controller;
  const control_ = (
    <Switch
      {...props}
      label={label}
      checked={(field.value as boolean | undefined) ?? defaultChecked}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
    />
  );
  if (groupLabel === undefined) return control_;
  return (
    <FormGroup label={groupLabel} helperText={hint} className={groupClassName}>
      {control_}
    </FormGroup>
  );
}
