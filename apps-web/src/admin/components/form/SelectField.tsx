import { FormGroup, HTMLSelect, type HTMLSelectProps } from '@blueprintjs/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from './use-form-field.js';

export type SelectFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = FormFieldProps<
  TValues,
  TName
> &
  Omit<HTMLSelectProps, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'> & {
    /** The option's value as the form holds it (a number, say); the text itself by default. */
    parse?: (value: string) => unknown;
    /** The form's value as an option's value; `String(value)` by default. */
    format?: (value: unknown) => string;
    /** After the person picks an option, with its parsed value: for fields that follow this one. */
    onValueChange?: (value: unknown) => void;
  };

/** A native select bound to the form, in a labelled form group with its error or hint below. */
export function SelectField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: SelectFieldProps<TValues, TName>,
) {
  const { controller, id, aria, group, rest } = useFormField<
    TValues,
    TName,
    SelectFieldProps<TValues, TName>
  >(props);
  const {
    parse = (value: string) => value,
    format = (value: unknown) => (value == null ? '' : String(value)),
    onValueChange,
    ...select
  } = rest;
  const { field } = controller;
  return (
    <FormGroup {...group}>
      <HTMLSelect
        {...select}
        id={id}
        ref={field.ref}
        name={field.name}
        value={format(field.value)}
        onChange={(event) => {
          const value = parse(event.currentTarget.value);
          field.onChange(value);
          onValueChange?.(value);
        }}
        onBlur={field.onBlur}
        {...aria}
      />
    </FormGroup>
  );
}
