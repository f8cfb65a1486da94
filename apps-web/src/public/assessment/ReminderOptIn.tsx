import { Checkbox } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { publicQueries } from '../../lib/public-queries.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { useApi } from '../../platform/platform-context.js';

/**
 * "Remind me to take it again in N days", unticked, at the last question: N is the admin's setting,
 * so the box waits for the configuration rather than promise a number it may not keep.
 */
export function ReminderOptIn({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const hintId = useId();
  const config = useQuery(publicQueries.config(api, language)).data;
  if (!config) return null;
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
