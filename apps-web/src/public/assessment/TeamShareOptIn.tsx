import { Checkbox } from '@blueprintjs/core';
import type { PublicDemographicField, SubmitRequest } from '@msp/shared/browser';
import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/i18n-context.js';
import { emailDomain } from './email-domain.js';

/**
 * Whether the visitor lets colleagues see their name and levels: offered whenever an address was
 * typed. Which domains are personal is the server's list, not the browser's, so the server ignores
 * the answer for those.
 */
export interface TeamShareChoice {
  offered: boolean;
  /** The typed address's domain, named in the box's label. */
  domain: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function useTeamShareChoice(
  fields: readonly PublicDemographicField[],
  demographics: Readonly<Record<string, string>>,
): TeamShareChoice {
  const [checked, setChecked] = useState(false);
  const emailField = fields.find(
    (field) => field.fieldType === 'email' && (demographics[field.identifier] ?? '').trim() !== '',
  );
  const domain = emailField ? emailDomain(demographics[emailField.identifier]!) : null;
  return { offered: domain !== null, domain: domain ?? '', checked, onChange: setChecked };
}

/**
 * What the submission says of the team: the choice whenever the box was shown, unticked too (the
 * latest choice is the one that counts), and the invite the draft was opened from.
 */
export function teamSubmitFields(
  choice: Pick<TeamShareChoice, 'offered' | 'checked'>,
  teamInviteId: string | undefined,
): Pick<SubmitRequest, 'shareWithTeam' | 'teamInviteId'> {
  return {
    ...(choice.offered && { shareWithTeam: choice.checked }),
    ...(teamInviteId && { teamInviteId }),
  };
}

/** "Show my name and levels to colleagues at {domain}", unticked, at the last question. */
export function TeamShareOptIn({ choice, disabled }: { choice: TeamShareChoice; disabled: boolean }) {
  const t = useT();
  const hintId = useId();
  if (!choice.offered) return null;
  return (
    <div className="reminder-opt-in">
      <Checkbox
        checked={choice.checked}
        disabled={disabled}
        onChange={(event) => choice.onChange(event.currentTarget.checked)}
        label={t('team.shareOptIn', { domain: choice.domain })}
        aria-describedby={hintId}
      />
      <p id={hintId} className="reminder-opt-in__hint">
        {t('team.shareOptInHint')}
      </p>
    </div>
  );
}
