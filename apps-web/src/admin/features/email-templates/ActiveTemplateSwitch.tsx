import { Callout } from '@blueprintjs/core';
import type { EmailTemplate, EmailTemplatePurpose } from '@msp/shared/browser';
import type { Control } from 'react-hook-form';
import { SwitchField } from '../../components/form/index.js';
import type { TemplateBody, TemplateFormValues } from './template-form.js';

export interface ActiveTemplateSwitchProps {
  control: Control<TemplateFormValues, unknown, TemplateBody>;
  /** The id its explanation carries. */
  helpId: string;
  /** The switch is on. */
  isActive: boolean;
  /** The other templates of its purpose that are active now: saving this one active switches them off. */
  othersActive: readonly EmailTemplate[];
  purpose: EmailTemplatePurpose;
}

/** The Active switch, with what being active means and which templates saving would switch off. */
export function ActiveTemplateSwitch({
  control,
  helpId,
  isActive,
  othersActive,
  purpose,
}: ActiveTemplateSwitchProps) {
  return (
    <Callout compact className="admin-summary">
      <SwitchField control={control} name="isActive" role="switch" label="Active" aria-describedby={helpId} />
      <p id={helpId} className="admin-note">
        {purpose === 'results'
          ? 'The active results template is emailed to each visitor after they submit.'
          : 'The active reminder template is emailed to visitors who asked to be reminded to take the assessment again.'}{' '}
        One of each is active: activating this one deactivates the others of its kind.
        {isActive && othersActive.length > 0 && (
          <strong className="template-editor__active-warning">
            {' '}
            Saving deactivates {othersActive.map((other) => `“${other.name}”`).join(', ')}.
          </strong>
        )}
      </p>
    </Callout>
  );
}
