/** The lead desk's limits, without zod: the admin's screens import them. */

/** Longest status name: it is a column in the list and a badge. */
export const LEAD_STATUS_NAME_MAX_LENGTH = 60;
/** Most statuses the list holds: a pipeline, not a taxonomy. */
export const LEAD_STATUSES_MAX = 20;
/** Longest note, in characters. */
export const LEAD_NOTE_MAX_LENGTH = 5000;
/** How long its author may correct a note; after that it is kept as written. */
export const LEAD_NOTE_EDIT_MINUTES = 15;
/** Most submissions one bulk change touches: a page of the list at its largest. */
export const LEAD_BULK_MAX = 100;
