import { Switch, type SwitchProps } from '@blueprintjs/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { ToggleField, type ToggleFieldProps } from './toggle-field.js';

export type SwitchFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
> = ToggleFieldProps<TValues, TName> & Pick<SwitchProps, 'innerLabel' | 'innerLabelChecked'>;

/**
 * An on/off switch bound to a boolean of the form. `label` is the switch's own; with `groupLabel`
 * it sits in a form group titled that, with the hint below.
 */
export function SwitchField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: SwitchFieldProps<TValues, TName>,
) {
  return <ToggleField {...props} as={Switch} />;
}
