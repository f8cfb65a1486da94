import { FormGroup, HTMLSelect, type HTMLSelectProps } from '@blueprintjs/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { textValue, useFormField, type FormFieldProps, type TextValueProps } from './use-form-field.js';

export type SelectFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = FormFieldProps<
  TValues,
  TName
> &
  Omit<HTMLSelectProps, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'> &
  TextValueProps & {
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
  const { parse = textValue.parse, format = textValue.format, onValueChange, ...select } = rest;
  const { field } = controller;
  return (
    <FormGroup {...group}>
      <HTMLSelect
        {...select}
        className={select.className ? `admin-select ${select.className}` : 'admin-select'}
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
