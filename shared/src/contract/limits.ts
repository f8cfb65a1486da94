/**
 * Limits shared by the schemas and by browser code, which takes them without zod (the public
 * pages' demographic rules, the admin's forms).
 */

/**
 * The longest email address: RFC 5321 caps a forward path at 256 octets, and the angle brackets
 * around the address take two of them. A longer one can be neither sent to nor received at.
 */
export const EMAIL_MAX_LENGTH = 254;
/**
 * How long a server-rendered form's email field may be before the form itself is refused: past
 * EMAIL_MAX_LENGTH, so an address a little too long gets the page's own message.
 */
export const EMAIL_FIELD_MAX_LENGTH = 320;
/** What a form says of text that is not shaped like an email address. */
export const INVALID_EMAIL = 'Please enter a valid email address';
/** What a form says of an address past EMAIL_MAX_LENGTH. */
export const EMAIL_TOO_LONG_MESSAGE = `Please enter an email address of at most ${EMAIL_MAX_LENGTH} characters`;

/**
 * The most an assessment's input may hold, submitted or saved with "Continue later": a demographic
 * value's length, the number of demographic values, the number of answers.
 */
export const DEMOGRAPHIC_VALUE_MAX_LENGTH = 500;
export const DEMOGRAPHIC_MAX_KEYS = 50;
export const ANSWERS_MAX = 500;

/** The longest name: a person's first or last name, a pillar's. */
export const NAME_MAX_LENGTH = 100;

/** The longest consent statement an administrator may write for the demographic step. */
export const CONSENT_STATEMENT_MAX_LENGTH = 1000;

/**
 * The deepest nesting of objects and arrays a request's input may have. The deepest input any route
 * takes, a content document's answer points, is 7 levels; a body nested past this is refused before
 * anything walks it, so no walk (the server's checks, zod's) can be made to recurse without end.
 */
export const INPUT_MAX_DEPTH = 16;

/** The largest logo file an administrator may upload (PNG or SVG), before it is turned into a PNG. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** The longest side, in pixels, of the stored logo: an SVG is drawn at it, a larger PNG scaled to it. */
export const LOGO_MAX_SIDE = 1024;
/** What a logo may be uploaded as. */
export const LOGO_UPLOAD_TYPES = ['image/png', 'image/svg+xml'] as const;
