import { z } from 'zod';
import { QuestionOrder, ReportPaper } from '../common.js';
import { MAX_REMINDER_DAYS, MIN_REMINDER_DAYS } from '../../assessment/reminders.js';

/** The sections of the Settings screen, each a group of settings stored under its name. */
export const SETTING_SECTIONS = ['provider', 'mail', 'privacy', 'assessment', 'branding', 'report'] as const;
export type SettingSection = (typeof SETTING_SECTIONS)[number];

export const SiteSettingKey = z.enum([
  'providerName',
  'providerUrl',
  'privacyUrl',
  'termsUrl',
  'aboutUrl',
  'impactUrl',
  'callToActionLabel',
  'callToActionUrl',
  'mailFrom',
  'privacyNotice',
  'questionOrder',
  'reminderDays',
  'accentColor',
  'reportInEmail',
  'reportPaperSize',
]);
export type SiteSettingKey = z.infer<typeof SiteSettingKey>;

export const PROVIDER_NAME_MAX_LENGTH = 120;
export const CALL_TO_ACTION_LABEL_MAX_LENGTH = 60;
export const PRIVACY_NOTICE_MAX_LENGTH = 600;

/** Control characters other than line breaks: invisible, and never meant in a visible text. */
const CONTROL_CHARACTERS = /(?!\n)\p{Cc}/u;
/** Text that reads as an HTML tag: the pages show these texts as typed, never as markup. */
const HTML_TAG = /<\/?[a-z!][^>]*>/i;

/** A visible text: trimmed, printable, without markup; empty puts the default back. */
function plainText(max: number, multiline = false) {
  return z
    .string({ error: 'must be text' })
    .overwrite((text) => (multiline ? text.replace(/\r\n?/g, '\n') : text))
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((text) => (multiline ? true : !/\n/.test(text)), { error: 'must be one line' })
    .refine((text) => !CONTROL_CHARACTERS.test(text), { error: 'must hold printable characters only' })
    .refine((text) => !HTML_TAG.test(text), { error: 'must be plain text, without HTML tags' });
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A link visitors follow; empty puts the default back. */
const SettingUrl = z
  .string({ error: 'must be text' })
  .trim()
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine((text) => text === '' || isWebAddress(text), {
    error: 'must be a web address starting with https:// or http://',
  });

/** The From of every email, as MAIL_FROM takes it: an address, with a display name if wanted. */
const MailFrom = z
  .string({ error: 'must be text' })
  .trim()
  .max(320, { error: 'must be at most 320 characters' })
  .refine(
    (text) =>
      text === '' ||
      /^(?:[^\r\n<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/.test(text),
    {
      error: 'must be an address such as "Name <noreply@example.com>"',
    },
  );

/** How the results email carries the PDF report: attached, as a link to it, or not at all. */
export const ReportInEmail = z.enum(['attach', 'link', 'none']);
export type ReportInEmail = z.infer<typeof ReportInEmail>;

/**
 * A colour as `#rrggbb`, or the short `#rgb`, kept as lowercase `#rrggbb` so every reader (CSS,
 * the email, the PDF) gets one form; empty puts the default back.
 */
export const AccentColor = z
  .string({ error: 'must be text' })
  .trim()
  .refine((text) => text === '' || /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(text), {
    error: 'must be a colour such as #215db0',
  })
  .overwrite((text) =>
    text.length === 4
      ? `#${[...text.slice(1)].map((digit) => digit + digit).join('')}`.toLowerCase()
      : text.toLowerCase(),
  );

/** Each setting's rule, for the Settings screen's form (which sends only what it changed). */
export const SiteSettingsFields = z.strictObject({
  providerName: plainText(PROVIDER_NAME_MAX_LENGTH).optional(),
  providerUrl: SettingUrl.optional(),
  privacyUrl: SettingUrl.optional(),
  termsUrl: SettingUrl.optional(),
  aboutUrl: SettingUrl.optional(),
  impactUrl: SettingUrl.optional(),
  callToActionLabel: plainText(CALL_TO_ACTION_LABEL_MAX_LENGTH).optional(),
  callToActionUrl: SettingUrl.optional(),
  mailFrom: MailFrom.optional(),
  privacyNotice: plainText(PRIVACY_NOTICE_MAX_LENGTH, true).optional(),
  questionOrder: z.union([QuestionOrder, z.literal('')], { error: 'must be random or fixed' }).optional(),
  reminderDays: z
    .string({ error: 'must be text' })
    .trim()
    .refine(
      (text) =>
        text === '' ||
        (/^\d{1,3}$/.test(text) && Number(text) >= MIN_REMINDER_DAYS && Number(text) <= MAX_REMINDER_DAYS),
      { error: `must be a whole number of days from ${MIN_REMINDER_DAYS} to ${MAX_REMINDER_DAYS}` },
    )
    .optional(),
  accentColor: AccentColor.optional(),
  reportInEmail: z
    .union([ReportInEmail, z.literal('')], { error: 'must be attach, link or none' })
    .optional(),
  reportPaperSize: z.union([ReportPaper, z.literal('')], { error: 'must be a4 or letter' }).optional(),
});

/**
 * A change to some settings: only the ones given are written, and an empty text puts the default
 * back. A setting its environment variable fixes is refused (400 naming it).
 */
export const SiteSettingsInput = SiteSettingsFields.refine((body) => Object.keys(body).length > 0, {
  error: 'give at least one setting',
});
export type SiteSettingsInput = z.input<typeof SiteSettingsInput>;

/** Where a setting's value comes from: the server's environment wins over a saved value, which wins over the default. */
export const SettingSource = z.enum(['environment', 'saved', 'default']);
export type SettingSource = z.infer<typeof SettingSource>;

/** One setting as it is in effect. */
export const SiteSetting = z.object({
  key: SiteSettingKey,
  section: z.enum(SETTING_SECTIONS),
  /** The value in effect: the environment's, the saved one or the default. */
  value: z.string(),
  source: SettingSource,
  /** The variable that sets it at start-up and then locks it here, or null when none does. */
  environmentVariable: z.string().nullable(),
  /** What it is when nothing sets it, so the screen can say what an empty field falls back to. */
  defaultValue: z.string(),
});
export type SiteSetting = z.infer<typeof SiteSetting>;

export const SiteSettings = z.object({ settings: z.array(SiteSetting) });
export type SiteSettings = z.infer<typeof SiteSettings>;
