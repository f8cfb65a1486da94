import type {
  NotificationMode,
  NotificationPreferences,
  SaveNotificationPreferencesRequest,
} from '@msp/shared/browser';

/** The form's state: the saved choices, with text for the free values. */
export interface NotificationForm {
  mode: NotificationMode;
  overallLevels: number[];
  source: string;
  campaign: string;
  /** Demographic field identifier → the answer asked for; '' for any. */
  demographics: Record<string, string>;
  digestHour: number;
  timeZone: string;
  assignedEmail: boolean;
  dueEmail: boolean;
}

/** The viewer's own time zone, as the browser knows it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The form from the saved choices. An admin who never chose keeps UTC on the server: the form
 * offers the browser's own zone instead, saved with their first choice.
 */
export function formOf(saved: NotificationPreferences): NotificationForm {
  return {
    mode: saved.mode,
    overallLevels: saved.filter.overallLevels,
    source: saved.filter.source,
    campaign: saved.filter.campaign,
    demographics: saved.filter.demographics,
    digestHour: saved.digestHour,
    timeZone: saved.saved ? saved.timeZone : browserTimeZone(),
    assignedEmail: saved.assignedEmail,
    dueEmail: saved.dueEmail,
  };
}

/** What is saved: a filter only with the matching mode, and only its answered parts. */
export function requestOf(form: NotificationForm): SaveNotificationPreferencesRequest {
  const matching = form.mode === 'matching';
  return {
    mode: form.mode,
    filter: {
      overallLevels: matching ? [...form.overallLevels].sort() : [],
      source: matching ? form.source.trim() : '',
      campaign: matching ? form.campaign.trim() : '',
      demographics: matching
        ? Object.fromEntries(Object.entries(form.demographics).filter(([, value]) => value.trim() !== ''))
        : {},
    },
    digestHour: form.digestHour,
    timeZone: form.timeZone,
    assignedEmail: form.assignedEmail,
    dueEmail: form.dueEmail,
  };
}

/** Whether a matching filter asks for anything: an empty one would match every submission. */
export function filterIsEmpty(form: NotificationForm): boolean {
  const request = requestOf({ ...form, mode: 'matching' });
  const filter = request.filter!;
  return (
    filter.overallLevels!.length === 0 &&
    !filter.source &&
    !filter.campaign &&
    Object.keys(filter.demographics ?? {}).length === 0
  );
}

/** "08:00": an hour of the day. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** Every time zone the browser knows, with the chosen one among them whatever it is. */
export function timeZones(chosen: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return [...new Set([chosen, 'UTC', ...known])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}
