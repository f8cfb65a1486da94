import { Callout } from '@blueprintjs/core';
import type { EmailTemplate } from '@msp/shared/browser';
import type { Control } from 'react-hook-form';
import { SwitchField } from '../../components/form/index.js';
import type { TemplateBody, TemplateFormValues } from './template-form.js';

export interface ActiveTemplateSwitchProps {
  control: Control<TemplateFormValues, unknown, TemplateBody>;
  /** The id its explanation carries. */
  helpId: string;
  /** The switch is on. */
  isActive: boolean;
  /** The other templates that are active now: saving this one active switches them off. */
  othersActive: readonly EmailTemplate[];
}

/** The Active switch, with what being active means and which templates saving would switch off. */
export function ActiveTemplateSwitch({ control, helpId, isActive, othersActive }: ActiveTemplateSwitchProps) {
  return (
    <Callout compact className="admin-summary">
      <SwitchField control={control} name="isActive" role="switch" label="Active" aria-describedby={helpId} />
      <p id={helpId} className="admin-note">
        The active template is emailed to each visitor after they submit. Only one is active: activating this
        one deactivates the others.
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
