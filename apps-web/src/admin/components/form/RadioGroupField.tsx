import { Classes, FormGroup, Radio, RadioGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { textValue, useFormField, type FormFieldProps, type TextValueProps } from './use-form-field.js';

/** One choice of a radio group. */
export interface RadioOption {
  /** The radio's value as the control holds it; `parse` turns it into the form's value. */
  value: string;
  /** The choice's text; a node for a richer label (a name and a description, say). */
  label: ReactNode;
  className?: string;
}

export type RadioGroupFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  FormFieldProps<TValues, TName>,
  'helperAddon' | 'helperClassName'
> &
  TextValueProps & {
    options: readonly RadioOption[];
    inline?: boolean;
    disabled?: boolean;
    /** Class of the radio group itself. */
    className?: string;
  };

/**
 * One of a few choices, as radios bound to the form: the label names the group (a radiogroup
 * labelled by it), and the error, else the hint, below describes it.
 */
export function RadioGroupField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: RadioGroupFieldProps<TValues, TName>,
) {
  const { controller, id, aria, group, rest } = useFormField<
    TValues,
    TName,
    RadioGroupFieldProps<TValues, TName>
  >(props);
  const { options, parse = textValue.parse, format = textValue.format, inline, disabled, className } = rest;
  const { field } = controller;
  // A radio group has no one control for a <label for>: the group is labelled by its own label.
  const { label, labelFor: _labelFor, labelInfo, ...formGroup } = group;
  const selected = format(field.value);
  // The chosen radio (else the first) takes the form's ref, so a refused value is focused there.
  const focusTarget = options.some((option) => option.value === selected) ? selected : options[0]?.value;
  return (
    <FormGroup {...formGroup}>
      <RadioGroup
        label={
          labelInfo ? (
            <>
              {label} <span className={Classes.TEXT_MUTED}>{labelInfo}</span>
            </>
          ) : (
            label
          )
        }
        name={id}
        selectedValue={selected}
        onChange={(event) => field.onChange(parse(event.currentTarget.value))}
        inline={inline}
        disabled={disabled}
        className={className}
        {...aria}
      >
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            labelElement={option.label}
            className={option.className}
            onBlur={field.onBlur}
            inputRef={option.value === focusTarget ? field.ref : undefined}
          />
        ))}
      </RadioGroup>
    </FormGroup>
  );
}
