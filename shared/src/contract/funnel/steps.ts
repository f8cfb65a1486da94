/**
 * The funnel's vocabulary, shared by the pages that report steps, the server that counts them and
 * the admin that draws them. No zod here: the public pages import it.
 */

/** The steps a visitor reports, in the order a visit passes them. */
export const FUNNEL_STEPS = [
  'landing',
  'started',
  'demographics',
  'question',
  'submitted',
  'results',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The steps whose time a visitor reports when moving on from them. */
export const TIMED_FUNNEL_STEPS = ['demographics', 'question'] as const;
export type TimedFunnelStep = (typeof TIMED_FUNNEL_STEPS)[number];

/**
 * Upper bounds, in seconds, of the time-on-step buckets; a last bucket holds everything longer.
 * Coarse on purpose: enough for a median per question, too coarse to tell one visitor's rhythm.
 */
export const FUNNEL_TIME_BOUNDS_SECONDS = [5, 15, 30, 60, 120, 300] as const;
/** How many time buckets each step has: one per bound, and one for anything longer. */
export const FUNNEL_TIME_BUCKETS = FUNNEL_TIME_BOUNDS_SECONDS.length + 1;

/** The longest time on a step that is believed: a day; anything longer is a forged event. */
export const FUNNEL_MAX_STEP_MS = 24 * 60 * 60 * 1000;
/** The most questions a visit can pass: far beyond any questionnaire, so a forged position is refused. */
export const FUNNEL_MAX_POSITION = 500;
/** Longest source text accepted; the server keeps at most FUNNEL_SOURCE_MAX_LENGTH of it. */
export const FUNNEL_SOURCE_INPUT_MAX_LENGTH = 200;
export const FUNNEL_SOURCE_MAX_LENGTH = 40;
/** The source of a visit that came with no utm_source (or one with nothing usable left in it). */
export const DIRECT_SOURCE = '(direct)';
/** Longest date range the funnel answers, in days: a little over three years. */
export const FUNNEL_MAX_RANGE_DAYS = 1200;

/** The bucket a time on a step falls into: 0 for under 5 s … 6 for 5 minutes or more. */
export function funnelTimeBucket(ms: number): number {
  const seconds = ms / 1000;
  const index = FUNNEL_TIME_BOUNDS_SECONDS.findIndex((bound) => seconds < bound);
  return index === -1 ? FUNNEL_TIME_BOUNDS_SECONDS.length : index;
}

/**
 * A source as the funnel keeps it: lower case, only letters, digits and `.`, `_`, `-` (anything
 * else becomes `-`), at most FUNNEL_SOURCE_MAX_LENGTH characters; nothing usable is a direct visit.
 * A handful of forms per campaign rather than whatever a link's author typed.
 */
export function normalizeFunnelSource(source: string | undefined | null): string {
  const lower = (source ?? '').trim().toLowerCase();
  // The admin filters on the name the funnel shows for a direct visit.
  if (lower === DIRECT_SOURCE) return DIRECT_SOURCE;
  const cleaned = lower
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, FUNNEL_SOURCE_MAX_LENGTH)
    .replace(/-+$/, '');
  return cleaned === '' ? DIRECT_SOURCE : cleaned;
}
