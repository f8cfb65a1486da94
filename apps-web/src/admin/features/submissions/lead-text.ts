import type { Lead } from '@msp/shared/browser';

/** A calendar day (YYYY-MM-DD) in the viewer's own time zone: what "today" means at their desk. */
export function localDay(date: Date = new Date()): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The day `days` after (or before) `day`, both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(year, month - 1, date + days));
}

/** How a next step stands against today: overdue, due today, or later. */
export type NextStepState = 'overdue' | 'today' | 'later';

export function nextStepState(nextStepOn: string, today: string): NextStepState {
  if (nextStepOn < today) return 'overdue';
  return nextStepOn === today ? 'today' : 'later';
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A calendar day as "Dec 8, 2026", read as the day it names (no time zone can move it). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dayFormat.format(new Date(year, month - 1, date));
}

/** The next step in words: "Overdue: Nov 28, 2026", "Due today", "Next step Dec 8, 2026", or none. */
export function nextStepText(nextStepOn: string | null, today: string): string {
  if (!nextStepOn) return 'No next step';
  const state = nextStepState(nextStepOn, today);
  if (state === 'today') return 'Due today';
  return state === 'overdue' ? `Overdue: ${formatDay(nextStepOn)}` : `Next step ${formatDay(nextStepOn)}`;
}

/** "Owner Sam Rivera", or "No owner". */
export function ownerText(lead: Lead): string {
  return lead.owner ? `Owner ${lead.owner.name}` : 'No owner';
}

/** "1 note", "3 notes". */
export function noteCountText(count: number): string {
  return count === 1 ? '1 note' : `${count} notes`;
}

/** Which next steps the list shows, as the screen offers them. */
export const NEXT_STEP_FILTERS = [
  { value: '', label: 'Any next step' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'today', label: 'Due today' },
  { value: 'week', label: 'Due in 7 days' },
] as const;
export type NextStepFilter = (typeof NEXT_STEP_FILTERS)[number]['value'];

/** The next-step range a filter asks the server for, from the viewer's today. */
export function nextStepRange(
  filter: NextStepFilter,
  today: string,
): { nextStepStartDate?: string; nextStepEndDate?: string } {
  switch (filter) {
    case 'overdue':
      return { nextStepEndDate: addDays(today, -1) };
    case 'today':
      return { nextStepStartDate: today, nextStepEndDate: today };
    case 'week':
      return { nextStepStartDate: today, nextStepEndDate: addDays(today, 6) };
    default:
      return {};
  }
}
