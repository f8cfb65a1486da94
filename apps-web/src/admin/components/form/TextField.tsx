import {
  FormGroup,
  InputGroup,
  TextArea,
  type InputGroupProps,
  type Intent,
  type TextAreaProps,
} from '@blueprintjs/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from './use-form-field.js';

/** What the form decides for the control: its value, id, name, intent and ARIA state. */
type Bound = 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'intent' | 'inputRef';

type ElementRef = (element: HTMLInputElement | HTMLTextAreaElement | null) => void;

/** One line (an InputGroup), or several (a TextArea) with `multiline`. */
type TextControlProps =
  ({ multiline?: false } & Omit<InputGroupProps, Bound>) | ({ multiline: true } & Omit<TextAreaProps, Bound>);

export type TextFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = FormFieldProps<
  TValues,
  TName
> &
  TextControlProps & {
    /** Also given the element, for a screen that works on it (inserting at the caret). */
    inputRef?: ElementRef;
    /** The control's intent when the screen knows better than the form (a length over its limit). */
    controlIntent?: Intent;
  };

/**
 * A text field bound to the form: labelled, marked required, red with its error below it while
 * invalid, else its hint. Other props go to the InputGroup or TextArea.
 */
export function TextField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: TextFieldProps<TValues, TName>,
) {
  const { controller, id, intent, aria, group, rest } = useFormField<
    TValues,
    TName,
    TextFieldProps<TValues, TName>
  >(props);
  const { multiline, inputRef, controlIntent, ...control } = rest;
  const { field } = controller;
  const bound = {
    id,
    name: field.name,
    // The form may hold a number (an order): the control shows it as text, as register did.
    value: field.value == null ? '' : String(field.value),
    onChange: field.onChange,
    onBlur: field.onBlur,
    intent: controlIntent ?? intent,
    inputRef: (element: HTMLInputElement & HTMLTextAreaElement) => {
      field.ref(element);
      inputRef?.(element);
    },
    ...aria,
  };
  return (
    <FormGroup {...group}>
      {multiline ? (
        <TextArea {...(control as Omit<TextAreaProps, Bound>)} {...bound} />
      ) : (
        <InputGroup {...(control as Omit<InputGroupProps, Bound>)} {...bound} />
      )}
    </FormGroup>
  );
}
