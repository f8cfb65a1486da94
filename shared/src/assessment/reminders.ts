/**
 * The days between a submission and its reminder to reassess, for visitors who ask for one: the
 * default, and the range an admin may set (Settings, Assessment).
 */
export const DEFAULT_REMINDER_DAYS = 90;
export const MIN_REMINDER_DAYS = 30;
export const MAX_REMINDER_DAYS = 365;
