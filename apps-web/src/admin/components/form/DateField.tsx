import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField.js';

export type DateFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  TextFieldProps<TValues, TName>,
  'multiline' | 'type'
>;

/** A calendar date (the browser's own picker), held in the form as "YYYY-MM-DD" text. */
export function DateField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: DateFieldProps<TValues, TName>,
) {
  return <TextField {...({ ...props, type: 'date' } as TextFieldProps<TValues, TName>)} />;
}
