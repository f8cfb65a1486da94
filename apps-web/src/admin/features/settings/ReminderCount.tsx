import { Callout, Icon } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useReminderSummary } from './queries.js';

const count = (n: number, one: string, other: string) => `${n.toLocaleString()} ${n === 1 ? one : other}`;

/** Who is waiting for a reminder to reassess, under the setting that says when it comes. */
export function ReminderCount() {
  const summary = useReminderSummary();
  if (!summary.data) return null;
  const { optedIn, scheduled, nextDueAt, unsubscribed } = summary.data;
  return (
    <Callout compact className="settings-field--wide" icon={<Icon icon={IconNames.NOTIFICATIONS} />}>
      <p className="admin-note" role="status">
        {optedIn === 0
          ? 'No visitor is waiting for a reminder.'
          : `${count(optedIn, 'visitor has', 'visitors have')} asked to be reminded (${count(scheduled, 'reminder', 'reminders')} to come; the next on ${new Date(nextDueAt!).toLocaleDateString()}).`}{' '}
        {unsubscribed > 0 && `${count(unsubscribed, 'address has', 'addresses have')} unsubscribed.`}
      </p>
    </Callout>
  );
}
