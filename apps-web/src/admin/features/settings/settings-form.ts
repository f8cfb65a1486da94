import type { SettingSection, SiteSetting, SiteSettingKey, SiteSettingsInput } from '@msp/shared/browser';

/** The form's values: each setting the screen may change, as text; empty is "use the default". */
export type SettingsValues = SiteSettingsInput;

export interface SettingField {
  key: SiteSettingKey;
  label: string;
  kind: 'text' | 'url' | 'multiline' | 'order' | 'color' | 'choice';
  /** The choices of a `choice` setting. */
  options?: readonly { value: string; label: string }[];
  /** What the setting does, shown under the field. */
  help: string;
}

export interface SettingsSectionInfo {
  id: SettingSection;
  title: string;
  description: string;
  fields: readonly SettingField[];
}

/** The screen's sections in order, each with its settings: one entry here and in the server's list. */
export const SETTINGS_SECTIONS: readonly SettingsSectionInfo[] = [
  {
    id: 'provider',
    title: 'Provider and links',
    description: 'Who runs this site, and where its footer, header and results page send visitors.',
    fields: [
      {
        key: 'providerName',
        label: 'Provider name',
        kind: 'text',
        help: 'In the footer, the header and the call to action.',
      },
      {
        key: 'providerUrl',
        label: "Provider's website",
        kind: 'url',
        help: 'The logo link, and the default of the links below.',
      },
      {
        key: 'privacyUrl',
        label: 'Privacy policy',
        kind: 'url',
        help: 'The footer link, and the link beside the privacy notice.',
      },
      { key: 'termsUrl', label: 'Terms of service', kind: 'url', help: 'The footer link.' },
      { key: 'aboutUrl', label: 'About page', kind: 'url', help: 'The footer link.' },
      {
        key: 'impactUrl',
        label: 'IMPACT tools',
        kind: 'url',
        help: 'Where "Explore the IMPACT tools" on the home page leads.',
      },
      {
        key: 'callToActionLabel',
        label: 'Call to action button',
        kind: 'text',
        help: 'The button on the results page.',
      },
      {
        key: 'callToActionUrl',
        label: 'Call to action link',
        kind: 'url',
        help: 'Where that button leads, in a new tab.',
      },
    ],
  },
  {
    id: 'mail',
    title: 'Email',
    description: 'How the results emails, invites and password reset links are signed.',
    fields: [
      {
        key: 'mailFrom',
        label: 'Sender',
        kind: 'text',
        help: 'The From of every email, such as "Northwind IT <results@northwind.example>".',
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy notice',
    description: 'Shown under the email field of the "About you" step, with a link to the privacy policy.',
    fields: [
      {
        key: 'privacyNotice',
        label: 'Notice',
        kind: 'multiline',
        help: 'Plain text.',
      },
    ],
  },
  {
    id: 'assessment',
    title: 'Assessment',
    description:
      'How the questions are put to visitors, and when those who ask are reminded to take it again.',
    fields: [
      { key: 'questionOrder', label: 'Question order', kind: 'order', help: '' },
      {
        key: 'reminderDays',
        label: 'Reminder after (days)',
        kind: 'text',
        help: 'A visitor who ticks "Remind me to take it again" gets one email this many days later: 30 to 365.',
      },
    ],
  },
  {
    id: 'branding',
    title: 'Branding',
    description:
      "The provider's logo and colour, on the results page, the results email and the PDF report's cover.",
    fields: [
      {
        key: 'accentColor',
        label: 'Accent colour',
        kind: 'color',
        help: 'Buttons, headings and the report band. Text on it and beside it is kept readable in both themes.',
      },
    ],
  },
  {
    id: 'report',
    title: 'Report',
    description: 'The PDF report of a submission: how the results email carries it, and its paper.',
    fields: [
      {
        key: 'reportInEmail',
        label: 'In the results email',
        kind: 'choice',
        help: '',
        options: [
          { value: 'attach', label: 'Attach the PDF' },
          { value: 'link', label: 'Link to the PDF' },
          { value: 'none', label: 'Leave it out' },
        ],
      },
      {
        key: 'reportPaperSize',
        label: 'Paper size',
        kind: 'choice',
        help: '',
        options: [
          { value: 'a4', label: 'A4' },
          { value: 'letter', label: 'US Letter' },
        ],
      },
    ],
  },
];

/** What each question order means for visitors and for a question's Order field. */
export const QUESTION_ORDER_OPTIONS = [
  {
    value: 'random',
    label: 'Random',
    description:
      "Each visitor gets the questions shuffled, and their answers too; a question's Order is not used.",
  },
  {
    value: 'fixed',
    label: 'Fixed',
    description:
      "Every visitor gets the questions by their Order, lowest first, and each question's answers by theirs.",
  },
] as const;

/** The settings by key. */
export function byKey(settings: readonly SiteSetting[]): Partial<Record<SiteSettingKey, SiteSetting>> {
  return Object.fromEntries(settings.map((setting) => [setting.key, setting]));
}

/** The settings chosen among a few options, which the form always holds a value of. */
const CHOICE_KEYS: readonly SiteSettingKey[] = ['questionOrder', 'reportInEmail', 'reportPaperSize'];

/** The form's starting values: what is saved, empty for a default; a setting the environment locks is left out. */
export function formValuesOf(settings: readonly SiteSetting[]): SettingsValues {
  const values: Partial<Record<SiteSettingKey, string>> = {};
  for (const setting of settings) {
    if (setting.source === 'environment') continue;
    // A choice has no empty option: the one in effect is shown chosen.
    values[setting.key] =
      CHOICE_KEYS.includes(setting.key) || setting.source === 'saved' ? setting.value : '';
  }
  return values as SettingsValues;
}

/** The request: only what differs from the starting values, so a locked or untouched setting is never sent. */
export function changedSettings(values: SettingsValues, initial: SettingsValues): SiteSettingsInput {
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value.trim() !== (initial[key as SiteSettingKey] ?? '').trim())
      body[key] = value;
  }
  return body as SiteSettingsInput;
}

const LINK_KEYS: readonly SiteSettingKey[] = [
  'providerUrl',
  'privacyUrl',
  'termsUrl',
  'aboutUrl',
  'impactUrl',
  'callToActionUrl',
];

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The links that still lead back to this site rather than to the provider's pages: on an install
 * nobody has set up, all of them. The site is the provider's website's default.
 */
export function linksToSiteItself(settings: readonly SiteSetting[]): SiteSetting[] {
  const site = originOf(byKey(settings).providerUrl?.defaultValue ?? '');
  if (!site) return [];
  return settings.filter((setting) => LINK_KEYS.includes(setting.key) && originOf(setting.value) === site);
}

/** A setting's label on this screen. */
export function settingLabel(key: SiteSettingKey): string {
  for (const section of SETTINGS_SECTIONS) {
    const field = section.fields.find((one) => one.key === key);
    if (field) return field.label;
  }
  return key;
}

/**
 * What an Order field does under the question order in effect: a question's or an answer's
 * Order counts only when the order is fixed; a random order shuffles both.
 */
export function orderFieldHint(order: string | undefined, of: 'question' | 'answer'): string {
  // Short: the field sits in a narrow column of the question dialog.
  if (order === 'fixed') return 'Lowest first: the order is fixed in Settings.';
  if (order === 'random')
    return `Unused while Settings shuffles the ${of === 'question' ? 'questions' : 'answers'}.`;
  return 'Lowest first when the order is fixed in Settings.';
}

/** How visitors get the questions, said where the questions are managed. */
export function questionOrderNote(order: string | undefined): string {
  if (order === 'fixed') return 'Visitors get them by their Order, lowest first.';
  if (order === 'random') return 'Visitors get them in random order; their Order is not used.';
  return '';
}
