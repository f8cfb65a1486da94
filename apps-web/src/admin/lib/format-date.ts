const dateTimeParts = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An ISO timestamp as "MMM d, yyyy HH:mm" in the viewer's time zone, e.g. "Mar 4, 2026 09:05".
 * Built from the formatter's parts so the layout does not depend on the locale. An unreadable value
 * gives an empty string.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of dateTimeParts.formatToParts(date)) parts[type] = value;
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute}`;
}
