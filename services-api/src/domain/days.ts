/**
 * Calendar days as the contract gives them (YYYY-MM-DD, counted in UTC), and the arithmetic the
 * date filters and the day-by-day aggregates need.
 */
export const DAY_MS = 86_400_000;

/** The day (UTC) of an instant in milliseconds. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `days` after `day`, or before it when negative. */
export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The instant the day after `day` begins: a range queried as `< dayAfter(end)` includes its end day. */
export function dayAfter(day: string): string {
  return `${addDays(day, 1)}T00:00:00.000Z`;
}
