import type { Funnel, FunnelTime } from '@msp/shared/browser';

const DAY_MS = 86_400_000;

/** A day as the funnel's range takes it: YYYY-MM-DD, UTC. */
export const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The funnel's default range: the last 30 days, today included (as the server defaults). */
export function defaultFunnelRange(now = Date.now()): { from: string; to: string } {
  return { from: dayText(now - 29 * DAY_MS), to: dayText(now) };
}

/** What is wrong with a range typed in, or null when the server will take it. */
export function funnelRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose a start and an end date.';
  if (to < from) return 'The end date must not be before the start date.';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= 1200) return 'Choose a range of at most 1,200 days.';
  return null;
}

/** A median time bucket in words: "15–30 s", "under 5 s", "5 min or more". */
export function formatFunnelTime(time: FunnelTime | null): string {
  if (!time) return '—';
  const unit = (seconds: number) => (seconds >= 60 ? `${seconds / 60} min` : `${seconds} s`);
  if (time.toSeconds === null) return `${unit(time.fromSeconds)} or more`;
  if (time.fromSeconds === 0) return `under ${unit(time.toSeconds)}`;
  const bothMinutes = time.fromSeconds >= 60;
  const bothSeconds = time.toSeconds < 60;
  if (bothMinutes) return `${time.fromSeconds / 60}–${time.toSeconds / 60} min`;
  if (bothSeconds) return `${time.fromSeconds}–${time.toSeconds} s`;
  return `${unit(time.fromSeconds)}–${unit(time.toSeconds)}`;
}

/** A share with its one decimal, or a dash when there was nothing to divide. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${rate}%`);

/** Whether the range counted no visit at all. */
export const isEmptyFunnel = (funnel: Funnel) => funnel.steps.every((step) => step.visits === 0);
