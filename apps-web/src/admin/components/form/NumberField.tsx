import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField.js';

export type NumberFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  TextFieldProps<TValues, TName>,
  'multiline' | 'type'
>;

/** A whole number from 0 up (an order), typed with the number keypad on phones. */
export function NumberField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: NumberFieldProps<TValues, TName>,
) {
  return (
    <TextField
      {...({ inputMode: 'numeric', min: 0, step: 1, ...props, type: 'number' } as TextFieldProps<
        TValues,
        TName
      >)}
    />
  );
}
