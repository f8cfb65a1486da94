import { DemographicFieldInput, DemographicFieldType } from '@msp/shared';
import type { DemographicField } from '@msp/shared/browser';
import { z } from 'zod';

export type FieldType = z.infer<typeof DemographicFieldType>;

/** The field types in the order the form offers them, with how the list names them. */
export const FIELD_TYPES: readonly { value: FieldType; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'email', label: 'Email' },
  { value: 'select', label: 'Select' },
  { value: 'radio', label: 'Radio' },
  { value: 'number', label: 'Number' },
];

/** Only select and radio fields have options: the others take what the visitor types. */
export function hasOptions(fieldType: FieldType): boolean {
  return fieldType === 'select' || fieldType === 'radio';
}

export const OPTIONS_FORMAT_MESSAGE = 'Options must be a JSON array of text values, e.g. ["1-5", "6-10"]';

/** Options as the form shows them: a JSON array on one line, e.g. ["1-5", "6-10"]. */
export function optionsToText(options: readonly string[] | null): string {
  return options && options.length > 0
    ? `[${options.map((option) => JSON.stringify(option)).join(', ')}]`
    : '';
}

/** The typed JSON text as a list of options: empty text is no options; anything but an array of strings is an error. */
export function parseOptionsText(text: string): { ok: true; options: string[] | null } | { ok: false } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, options: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { ok: false };
  }
  if (!Array.isArray(parsed) || !parsed.every((option) => typeof option === 'string')) return { ok: false };
  return { ok: true, options: parsed as string[] };
}

/** What the inputs hold: options as JSON text, order as typed. */
const formValues = z.object({
  identifier: z.string(),
  label: z.string(),
  fieldType: DemographicFieldType,
  options: z.string(),
  order: z.string(),
  isRequired: z.boolean(),
  isActive: z.boolean(),
});

export type DemographicFormValues = z.input<typeof formValues>;

/**
 * The demographic field form: the inputs, turned into the request body and checked with
 * the server's own schema, so the form shows the messages the server would answer with. Options
 * are parsed from their JSON text first; every problem is reported at once, at its field.
 */
export const demographicFormSchema = formValues.transform((values, ctx) => {
  const choice = hasOptions(values.fieldType);
  const parsedOptions = choice ? parseOptionsText(values.options) : ({ ok: true, options: null } as const);
  if (!parsedOptions.ok) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: OPTIONS_FORMAT_MESSAGE,
      input: values.options,
    });
  }
  const result = DemographicFieldInput.safeParse({
    identifier: values.identifier,
    label: values.label,
    fieldType: values.fieldType,
    options: parsedOptions.ok ? parsedOptions.options : null,
    // Blank means the default, 0; anything else is coerced and checked by the schema.
    order: values.order.trim() === '' ? 0 : values.order.trim(),
    isRequired: values.isRequired,
    isActive: values.isActive,
  });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'identifier');
    // Unreadable options were reported above; the schema's "add at least one" would only repeat it.
    if (field === 'options' && !parsedOptions.ok) continue;
    ctx.addIssue({ code: 'custom', path: [field], message: issue.message, input: values });
  }
  return z.NEVER;
});

export type DemographicFieldBody = z.output<typeof demographicFormSchema>;

/** A new field: text, required and active, placed after the existing ones. */
export function createDefaults(existingCount: number): DemographicFormValues {
  return {
    identifier: '',
    label: '',
    fieldType: 'text',
    options: '',
    order: String(existingCount + 1),
    isRequired: true,
    isActive: true,
  };
}

/** The form filled in from a saved field. */
export function editDefaults(field: DemographicField): DemographicFormValues {
  return {
    identifier: field.identifier,
    label: field.label,
    fieldType: field.fieldType,
    options: optionsToText(field.options),
    order: String(field.order),
    isRequired: field.isRequired,
    isActive: field.isActive,
  };
}

/** An identifier made from a label, e.g. "Number of Employees" -> "number_of_employees". */
export function identifierFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
    .replace(/_+$/, '');
}
