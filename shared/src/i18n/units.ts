/**
 * The names of translatable texts ("units", as XLIFF calls them). Every visitor-facing text has one,
 * built from the stable keys of what it belongs to, never from a database id, so a translation
 * survives a content import and means the same on every instance. The names are XLIFF unit ids
 * (NMTOKENs: letters, digits, `.`, `-`, `_`, `:`).
 *
 * Answers and demographic options have no key of their own, so they are named by their position
 * under their question or field. Each translation records the source text it was made from, so a
 * reordering (or any edit of the source) shows it as changed since it was translated.
 */
export const MATRIX_TEXT_FIELDS = [
  'shortDescription',
  'detailedContent',
  'requirements',
  'examples',
  'metrics',
  'nextSteps',
] as const;
export type MatrixTextField = (typeof MATRIX_TEXT_FIELDS)[number];

/** The settings whose text visitors read, and so are translated. */
export const TRANSLATED_SETTINGS = ['callToActionLabel', 'privacyNotice'] as const;
export type TranslatedSetting = (typeof TRANSLATED_SETTINGS)[number];

export const unitIds = {
  pillarName: (pillarKey: string) => `pillar.${pillarKey}.name`,
  pillarDescription: (pillarKey: string) => `pillar.${pillarKey}.description`,
  question: (questionKey: string) => `question.${questionKey}.text`,
  /** `position` counts from 1, in the answers' order. */
  answer: (questionKey: string, position: number) => `question.${questionKey}.answer.${position}.text`,
  answerDescription: (questionKey: string, position: number) =>
    `question.${questionKey}.answer.${position}.description`,
  matrix: (pillarKey: string, level: number, field: MatrixTextField) =>
    `matrix.${pillarKey}.${level}.${field}`,
  fieldLabel: (identifier: string) => `field.${identifier}.label`,
  /** `position` counts from 1, in the field's options. */
  fieldOption: (identifier: string, position: number) => `field.${identifier}.option.${position}`,
  consentStatement: () => 'consent.statement',
  /** A visitor-facing text of the Settings screen (the call to action's label, the privacy notice). */
  setting: (key: TranslatedSetting) => `setting.${key}`,
  emailSubject: (templateSlug: string) => `email.${templateSlug}.subject`,
  emailBody: (templateSlug: string) => `email.${templateSlug}.body`,
  /** A string of the product's own catalogue (pages, results, emails, level names, the analyst). */
  message: (messageId: string) => `ui.${messageId}`,
};

/** The catalogue message a `ui.` unit names (`unitIds.message`'s inverse); undefined for content. */
export function messageIdOf(unit: string): string | undefined {
  return unit.startsWith('ui.') ? unit.slice('ui.'.length) : undefined;
}

/** A unit id's kind, as the translation grid filters them: its first segment. */
export const UNIT_KINDS = [
  'pillar',
  'question',
  'matrix',
  'field',
  'consent',
  'setting',
  'email',
  'ui',
] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

export function unitKind(unit: string): UnitKind | undefined {
  const kind = unit.split('.')[0];
  return (UNIT_KINDS as readonly string[]).includes(kind ?? '') ? (kind as UnitKind) : undefined;
}

/** The slug an email template's units are named by: its name, lowercased, in dashes. */
export function templateSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'template'
  );
}

/** What an XLIFF unit id may be; a unit outside it can never have come from this product. */
export const UNIT_ID_PATTERN = /^[A-Za-z_][A-Za-z0-9._:-]{0,199}$/;
