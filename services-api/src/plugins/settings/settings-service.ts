import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_REMINDER_DAYS,
  EN_MESSAGES,
  type SettingSection,
  type SiteSetting,
  type SiteSettingKey,
  type SiteSettingsInput,
} from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import type { SiteSettingRow } from '../../db/tables.js';
import { InvalidFieldError } from '../../domain/errors.js';

type SettingsBody = z.output<typeof SiteSettingsInput>;

/**
 * The notice under the visitor's email field until the operator writes their own: a form that
 * collects email addresses says what they are for, even on an install nobody has set up yet.
 */
/** The privacy notice until the operator writes their own: the catalogue's, whose translations visitors read. */
export const DEFAULT_PRIVACY_NOTICE = EN_MESSAGES['assessment.privacyNotice.default'];

interface Definition {
  section: SettingSection;
  /** The environment variable that sets it, and then locks it on the screen. */
  variable: string | null;
  /** Its value when that variable is set, as the configuration read it. */
  fromEnvironment?: (config: Config) => string;
  /** Its value when neither the environment nor an administrator sets it; may read earlier settings. */
  fallback: (config: Config, earlier: (key: SiteSettingKey) => string) => string;
}

/**
 * Every setting, in the order their defaults depend on each other: the links fall back to the
 * provider's site, the call to action to its name and site. Without PROVIDER_NAME or MAIL_FROM
 * the configuration holds their defaults, so those are the fallbacks.
 */
const DEFINITIONS: Readonly<Record<SiteSettingKey, Definition>> = {
  providerName: {
    section: 'provider',
    variable: 'PROVIDER_NAME',
    fromEnvironment: (config) => config.providerName,
    fallback: (config) => config.providerName,
  },
  providerUrl: {
    section: 'provider',
    variable: 'PROVIDER_URL',
    fromEnvironment: (config) => config.providerUrl,
    fallback: (config) => `${config.publicUrl}/`,
  },
  privacyUrl: {
    section: 'provider',
    variable: 'PRIVACY_URL',
    fromEnvironment: (config) => config.privacyUrl,
    fallback: (_, earlier) => earlier('providerUrl'),
  },
  termsUrl: {
    section: 'provider',
    variable: 'TERMS_URL',
    fromEnvironment: (config) => config.termsUrl,
    fallback: (_, earlier) => earlier('providerUrl'),
  },
  aboutUrl: {
    section: 'provider',
    variable: 'ABOUT_URL',
    fromEnvironment: (config) => config.aboutUrl,
    fallback: (_, earlier) => earlier('providerUrl'),
  },
  impactUrl: {
    section: 'provider',
    variable: 'IMPACT_URL',
    fromEnvironment: (config) => config.impactUrl,
    fallback: (_, earlier) => earlier('providerUrl'),
  },
  callToActionLabel: {
    section: 'provider',
    variable: null,
    fallback: (_, earlier) => `Learn About ${earlier('providerName')}`,
  },
  callToActionUrl: { section: 'provider', variable: null, fallback: (_, earlier) => earlier('providerUrl') },
  mailFrom: {
    section: 'mail',
    variable: 'MAIL_FROM',
    fromEnvironment: (config) => config.mail.from,
    fallback: (config) => config.mail.from,
  },
  privacyNotice: { section: 'privacy', variable: null, fallback: () => DEFAULT_PRIVACY_NOTICE },
  questionOrder: { section: 'assessment', variable: null, fallback: () => 'random' },
  reminderDays: { section: 'assessment', variable: null, fallback: () => String(DEFAULT_REMINDER_DAYS) },
  accentColor: { section: 'branding', variable: null, fallback: () => DEFAULT_ACCENT_COLOR },
  reportInEmail: { section: 'report', variable: null, fallback: () => 'attach' },
  reportPaperSize: { section: 'report', variable: null, fallback: () => 'a4' },
};

const KEYS = Object.keys(DEFINITIONS) as SiteSettingKey[];

/** The settings in effect, as a list for the screen and by key for everything that reads one. */
export interface EffectiveSettings {
  settings: SiteSetting[];
  values: Readonly<Record<SiteSettingKey, string>>;
}

function lockedBy(config: Config, key: SiteSettingKey): string | null {
  const { variable } = DEFINITIONS[key];
  return variable && config.settingsFromEnvironment.includes(variable) ? variable : null;
}

/** The environment wins, then a saved value, then the default. */
export function resolveSettings(config: Config, rows: readonly SiteSettingRow[]): EffectiveSettings {
  const saved = new Map(rows.map((row) => [row.key, row.value]));
  const values = {} as Record<SiteSettingKey, string>;
  const settings = KEYS.map((key): SiteSetting => {
    const definition = DEFINITIONS[key];
    const defaultValue = definition.fallback(config, (earlier) => values[earlier]);
    const locked = lockedBy(config, key);
    const stored = saved.get(key);
    const [value, source] = locked
      ? [definition.fromEnvironment!(config), 'environment' as const]
      : stored !== undefined
        ? [stored, 'saved' as const]
        : [defaultValue, 'default' as const];
    values[key] = value;
    return {
      key,
      section: definition.section,
      value,
      source,
      environmentVariable: definition.variable,
      defaultValue,
    };
  });
  return { settings, values };
}

async function loadSettings(db: Executor, config: Config): Promise<EffectiveSettings> {
  return resolveSettings(config, await db<SiteSettingRow>('site_settings'));
}

/** The days before a reminder to reassess, as set (the setting's rule keeps it in range). */
export function reminderDaysOf(values: EffectiveSettings['values']): number {
  const days = Number(values.reminderDays);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_REMINDER_DAYS;
}

/** The settings in effect, through the content cache, which every settings write clears. */
export function readSettings(db: Executor, cache: ContentCache, config: Config): Promise<EffectiveSettings> {
  return cache.get('site-settings', () => loadSettings(db, config));
}

/**
 * Writes the settings given: an empty text removes the saved value, so the default is back. A
 * setting its environment variable fixes is refused, naming it, before anything is written.
 * Answers the settings in effect after the change and what changed, for the audit record.
 */
export async function saveSettings(
  trx: Knex.Transaction,
  body: SettingsBody,
  config: Config,
  actorId: number | null,
): Promise<{ after: EffectiveSettings; changed: Partial<Record<SiteSettingKey, string | null>> }> {
  const given = KEYS.filter((key) => body[key] !== undefined);
  const locked = given.flatMap((key) => {
    const variable = lockedBy(config, key);
    return variable
      ? [
          {
            field: key,
            message: `is set by ${variable} in the server's environment, so it cannot be changed here`,
          },
        ]
      : [];
  });
  if (locked.length > 0) throw InvalidFieldError.of(locked);

  const before = await loadSettings(trx, config);
  const changed: Partial<Record<SiteSettingKey, string | null>> = {};
  for (const key of given) {
    const value = body[key]!;
    const previous = before.settings.find((setting) => setting.key === key)!;
    if (value === '') {
      if (previous.source !== 'saved') continue;
      await trx<SiteSettingRow>('site_settings').where({ key }).delete();
      changed[key] = null;
      continue;
    }
    if (previous.source === 'saved' && previous.value === value) continue;
    await trx<SiteSettingRow>('site_settings')
      .insert({ key, section: DEFINITIONS[key].section, value, updated_by: actorId })
      .onConflict('key')
      .merge({ value, updated_by: actorId, updated_at: trx.fn.now() });
    changed[key] = value;
  }
  return { after: await loadSettings(trx, config), changed };
}
