import {
  logoPath,
  QuestionOrder,
  unitIds,
  type MessageId,
  type PublicConfig,
  type TranslatedSetting,
} from '@msp/shared';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import { readSettings, reminderDaysOf } from '../settings/settings-service.js';
import { readLogo } from '../branding/branding-service.js';
import { offeredLanguage, readLanguageTexts, readOfferedLanguages } from '../languages/languages-service.js';

/**
 * The names, links and texts the web app shows, as in effect: environment, then Settings, then
 * defaults; the texts visitors read in `language` (the nearest offered one), the default's where
 * it has none.
 */
export async function readPublicConfig(
  db: Executor,
  cache: ContentCache,
  config: Config,
  language?: string | null,
): Promise<PublicConfig> {
  const [{ values, settings }, texts, offered, logo] = await Promise.all([
    readSettings(db, cache, config),
    readLanguageTexts(db, cache, language),
    readOfferedLanguages(db, cache),
    readLogo(db, cache),
  ]);
  // A default the operator never changed is the product's own wording, so it is in the catalogue
  // and reads in every language; what the operator wrote is content, translated by its unit.
  const visitorText = (key: TranslatedSetting, defaultMessage: MessageId) =>
    settings.find((setting) => setting.key === key)?.source === 'default' && !texts.has(unitIds.setting(key))
      ? texts.t(defaultMessage, { providerName: values.providerName })
      : texts.content(unitIds.setting(key), values[key]);
  return {
    productName: config.productName,
    providerName: values.providerName,
    providerUrl: values.providerUrl,
    privacyUrl: values.privacyUrl,
    termsUrl: values.termsUrl,
    aboutUrl: values.aboutUrl,
    impactUrl: values.impactUrl,
    callToActionLabel: visitorText('callToActionLabel', 'results.cta.defaultLabel'),
    callToActionUrl: values.callToActionUrl,
    privacyNotice: visitorText('privacyNotice', 'assessment.privacyNotice.default'),
    questionOrder: QuestionOrder.catch('random').parse(values.questionOrder),
    reminderDays: reminderDaysOf(values),
    language: texts.language,
    languages: offered.tags.map(offeredLanguage),
    defaultLanguage: offered.defaultLanguage,
    branding: { accentColor: values.accentColor, logoUrl: logo && logoPath(logo.digest) },
  };
}
