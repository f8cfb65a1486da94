import { SAMPLE_TEMPLATE_VALUES, type EmailTemplatePurpose } from '@msp/shared/browser';
import { useMemo, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTemplateVariables } from './queries.js';
import type { TemplateBody, TemplateFormValues } from './template-form.js';

/** The fields a variable can be inserted into. */
export type TemplateTextField = 'subject' | 'htmlBody';

/** A text with `token` in place of its characters from `start` to `end`, and where the caret goes after it. */
export function withToken(value: string, start: number, end: number, token: string) {
  return { next: value.slice(0, start) + token + value.slice(end), caret: start + token.length };
}

/**
 * The variables of the current pillars, with a sample value each for the preview (the built-in
 * samples until they load): a pillar renamed since the template was written leaves its old
 * variable unknown, and the editor's warning names it.
 */
export function useAvailableVariables(purpose: EmailTemplatePurpose) {
  const available = useTemplateVariables(purpose);
  const names = useMemo(() => available.data?.variables.map((variable) => variable.name), [available.data]);
  const samples = useMemo(
    () =>
      available.data
        ? Object.fromEntries(available.data.variables.map((variable) => [variable.name, variable.sample]))
        : SAMPLE_TEMPLATE_VALUES,
    [available.data],
  );
  return { names, samples };
}

/**
 * Inserting a variable at the caret: into the subject or the body, whichever had the caret last
 * (the body at first). `textControl` gives those two fields what they need to be remembered.
 */
export function useVariableInsertion(
  form: UseFormReturn<TemplateFormValues, unknown, TemplateBody>,
  revalidate: boolean,
) {
  const elements = useRef<Record<TemplateTextField, HTMLInputElement | HTMLTextAreaElement | null>>({
    subject: null,
    htmlBody: null,
  });
  const lastField = useRef<TemplateTextField>('htmlBody');

  const insertVariable = (name: string) => {
    const field = lastField.current;
    const element = elements.current[field];
    const value = form.getValues(field);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const { next, caret } = withToken(value, start, end, `{{${name}}}`);
    form.setValue(field, next, { shouldDirty: true, shouldValidate: revalidate });
    if (element) {
      // The control shows the form's value on its next render; write it now, so the caret set
      // below lands after the token and stays there.
      element.value = next;
      element.focus();
      element.setSelectionRange(caret, caret);
    }
  };

  // The subject and body remember their element and when they had the caret last.
  const textControl = (field: TemplateTextField) => ({
    inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      elements.current[field] = element;
    },
    onFocus: () => {
      lastField.current = field;
    },
  });

  return { insertVariable, textControl };
}
