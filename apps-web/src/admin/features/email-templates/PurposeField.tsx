import type { Control } from 'react-hook-form';
import { RadioGroupField } from '../../components/form/index.js';
import type { TemplateBody, TemplateFormValues } from './template-form.js';

const PURPOSE_OPTIONS = [
  { value: 'results', label: 'Results email, sent when a visitor submits' },
  { value: 'reminder', label: 'Reminder to take the assessment again, for visitors who asked' },
] as const;

/** What the template is sent as: one of each kind is active. */
export function PurposeField({ control }: { control: Control<TemplateFormValues, unknown, TemplateBody> }) {
  return (
    <RadioGroupField
      control={control}
      name="purpose"
      label="Sent as"
      options={PURPOSE_OPTIONS}
      hint="A reminder may also use {{assessment_url}} and {{my_url}}; its preferences and unsubscribe links are added at its end."
    />
  );
}
