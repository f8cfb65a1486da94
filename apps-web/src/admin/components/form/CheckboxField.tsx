import { Checkbox } from '@blueprintjs/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { ToggleField, type ToggleFieldProps } from './toggle-field.js';

export type CheckboxFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
> = ToggleFieldProps<TValues, TName>;

/**
 * A checkbox bound to a boolean of the form, for a choice that is not an on/off state (a layout,
 * say). `label` is the checkbox's own; with `groupLabel` it sits in a form group titled that, with
 * the hint below.
 */
export function CheckboxField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: CheckboxFieldProps<TValues, TName>,
) {
  return <ToggleField {...props} as={Checkbox} />;
}
