import { FormGroup, MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldProps } from './use-form-field.js';

export type ChipsFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = FormFieldProps<
  TValues,
  TName
> & {
  /** What can be chosen. */
  items: readonly string[];
  /** The menu's line when nothing matches what was typed (or while the items load). */
  noResultsText: string;
  placeholder?: string;
  disabled?: boolean;
};

/** An item in the menu, ticked when it is already chosen (choosing it again removes it). */
const itemRenderer =
  (chosen: readonly string[]): ItemRenderer<string> =>
  (item, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={item}
        ref={ref}
        text={item}
        active={modifiers.active}
        disabled={modifiers.disabled}
        selected={chosen.includes(item)}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    );
  };

const containsQuery: ItemPredicate<string> = (query, item) =>
  item.toLowerCase().includes(query.trim().toLowerCase());

/**
 * A list of texts bound to the form, chosen as chips from `items` by typing to filter; choosing a
 * chosen one again, or its chip's ×, removes it. Kept out of the fields' index: it brings
 * Blueprint's select package and its styles, which only its screen should load.
 */
export function ChipsField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: ChipsFieldProps<TValues, TName>,
) {
  const { controller, id, aria, group, rest } = useFormField<TValues, TName, ChipsFieldProps<TValues, TName>>(
    props,
  );
  const { items, noResultsText, placeholder, disabled } = rest;
  const { field } = controller;
  const chosen = (field.value as string[] | undefined) ?? [];
  return (
    <FormGroup {...group}>
      <MultiSelect<string>
        items={[...items]}
        selectedItems={chosen}
        itemRenderer={itemRenderer(chosen)}
        itemPredicate={containsQuery}
        itemsEqual={(a, b) => a === b}
        onItemSelect={(item) =>
          field.onChange(chosen.includes(item) ? chosen.filter((other) => other !== item) : [...chosen, item])
        }
        onRemove={(item) => field.onChange(chosen.filter((other) => other !== item))}
        onClear={chosen.length > 0 ? () => field.onChange([]) : undefined}
        tagRenderer={(item) => item}
        noResults={<MenuItem disabled text={noResultsText} roleStructure="listoption" />}
        placeholder={placeholder}
        disabled={disabled}
        fill
        resetOnSelect
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        tagInputProps={{
          inputProps: { id, ...aria },
          tagProps: { minimal: true, round: true },
        }}
      />
    </FormGroup>
  );
}
