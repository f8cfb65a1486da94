import { Checkbox } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicDemographicField } from '@msp/shared/browser';
import { useId, useState } from 'react';
import { publicQueries } from '../../lib/public-queries.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { useApi } from '../../platform/platform-context.js';

/** Whether the visitor asked for a reminder: only offered, and so only asked, with an address to send it to. */
export interface ReminderChoice {
  offered: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Offered and ticked: the submission asks for a reminder. */
  asked: boolean;
}

export function useReminderChoice(
  fields: readonly PublicDemographicField[],
  demographics: Readonly<Record<string, string>>,
): ReminderChoice {
  const [checked, setChecked] = useState(false);
  const offered = fields.some(
    (field) => field.fieldType === 'email' && (demographics[field.identifier] ?? '').trim() !== '',
  );
  return { offered, checked, onChange: setChecked, asked: offered && checked };
}

/**
 * "Remind me to take it again in N days", unticked, at the last question: N is the admin's setting,
 * so the box waits for the configuration rather than promise a number it may not keep.
 */
export function ReminderOptIn({ choice, disabled }: { choice: ReminderChoice; disabled: boolean }) {
  const { checked, onChange } = choice;
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const hintId = useId();
  const config = useQuery(publicQueries.config(api, language)).data;
  if (!config || !choice.offered) return null;
  return (
    <div className="reminder-opt-in">
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={t('reminder.optIn', { days: config.reminderDays })}
        aria-describedby={hintId}
      />
      <p id={hintId} className="reminder-opt-in__hint">
        {t('reminder.optInHint')}
      </p>
    </div>
  );
}
