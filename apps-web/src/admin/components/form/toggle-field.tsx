import { FormGroup, type ControlProps } from '@blueprintjs/core';
import type { ComponentType, ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from './use-form-field.js';

export type ToggleFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  FormFieldProps<TValues, TName>,
  'required' | 'optional' | 'label' | 'helperAddon' | 'helperClassName'
> &
  Omit<ControlProps, 'label' | 'name' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur' | 'inputRef'> & {
    /** The control's own label, e.g. "Active". */
    label: string;
    /** A form group label above the control (e.g. "Status"), with the hint below; none by default. */
    groupLabel?: ReactNode;
    /** Shown when the form holds no value yet. */
    defaultChecked?: boolean;
  };

/**
 * What a switch and a checkbox bound to a boolean of the form share: the binding, and the optional
 * group with its hint, which describes the control.
 */
export function ToggleField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  as: Toggle,
  control,
  name,
  label,
  hint,
  groupClassName,
  groupLabel,
  defaultChecked = false,
  ...props
}: ToggleFieldProps<TValues, TName> & { as: ComponentType<ControlProps> }) {
  const { controller, id } = useFormField<TValues, TName, FormFieldProps<TValues, TName>>({
    control,
    name,
    label,
  });
  const { field } = controller;
  const helpId = `${id}-help`;
  const described = groupLabel !== undefined && hint !== undefined && hint !== null && hint !== '';
  const toggle = (
    <Toggle
      {...props}
      label={label}
      checked={(field.value as boolean | undefined) ?? defaultChecked}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      aria-describedby={described ? helpId : undefined}
    />
  );
  if (groupLabel === undefined) return toggle;
  return (
    <FormGroup
      label={groupLabel}
      helperText={described ? <span id={helpId}>{hint}</span> : undefined}
      className={groupClassName}
    >
      {toggle}
    </FormGroup>
  );
}
