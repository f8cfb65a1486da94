import { Intent, type FormGroupProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerReturn,
} from 'react-hook-form';

/** What every shared field takes: where its value lives, and what the form group says about it. */
export interface FormFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  // The form's output type differs from its input type when the schema transforms values.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<TValues, any, any>;
  name: TName;
  label: ReactNode;
  /** Marks the label "(required)". */
  required?: boolean;
  /** Marks the label "(optional)", where most fields around it are required. */
  optional?: boolean;
  /** The helper line while the value is valid; the error message replaces it. */
  hint?: ReactNode;
  /** Class of the form group around the field. */
  groupClassName?: string;
  /**
   * Shown after the helper line, in a span of `helperClassName`, e.g. a character counter; the
   * control is described by the helper line alone.
   */
  helperAddon?: ReactNode;
  helperClassName?: string;
}

/** For a control whose value is text (a select, radios) bound to a form value that may not be. */
export interface TextValueProps {
  /** The control's text as the form holds it (a number, a one-item list, say); the text itself by default. */
  parse?: (value: string) => unknown;
  /** The form's value as the control's text; `String(value)` by default, '' for none. */
  format?: (value: unknown) => string;
}

/** `TextValueProps`' defaults: the text itself, and back. */
export const textValue = {
  parse: (value: string): unknown => value,
  format: (value: unknown): string => (value == null ? '' : String(value)),
} satisfies Required<TextValueProps>;

/** The wiring every shared field repeats: the controller, the ids, the intent and the group. */
export interface FormFieldWiring<TValues extends FieldValues, TName extends FieldPath<TValues>, TRest> {
  controller: UseControllerReturn<TValues, TName>;
  /** The control's id (from the field's name), which the label points at. */
  id: string;
  intent: Intent;
  /** For the control: invalid, and described by the helper line when there is one. */
  aria: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  /** The labelled form group around the control, with the error (else the hint) below it. */
  group: FormGroupProps;
  /** The props that are not the field's: the control's own. */
  rest: TRest;
}

/** The note beside a label: "(required)", "(optional)" or none. */
function labelInfo(required?: boolean, optional?: boolean) {
  if (required) return '(required)';
  return optional ? '(optional)' : undefined;
}

/**
 * Binds a field to the form and derives its id, intent, ARIA state and form group, so each field
 * component only renders its control.
 */
export function useFormField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TProps extends FormFieldProps<TValues, TName>,
>(props: TProps): FormFieldWiring<TValues, TName, Omit<TProps, keyof FormFieldProps<TValues, TName>>> {
  const {
    control,
    name,
    label,
    required,
    optional,
    hint,
    groupClassName,
    helperAddon,
    helperClassName,
    ...rest
  } = props;
  const controller = useController({ control, name });
  const id = `${useId()}-${name}`;
  const helpId = `${id}-help`;
  const { invalid, error } = controller.fieldState;
  const intent = invalid ? Intent.DANGER : Intent.NONE;
  const help = error?.message ?? hint;
  const hasHelp = help !== undefined && help !== null && help !== '';
  const helpLine = hasHelp ? <span id={helpId}>{help}</span> : undefined;
  return {
    controller,
    id,
    intent,
    aria: { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': hasHelp ? helpId : undefined },
    group: {
      label,
      labelFor: id,
      labelInfo: labelInfo(required, optional),
      intent,
      className: groupClassName,
      helperText:
        helperAddon === undefined ? (
          helpLine
        ) : (
          <span className={helperClassName}>
            {helpLine}
            {helperAddon}
          </span>
        ),
    },
    rest,
  };
}
