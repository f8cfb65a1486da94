import { QuestionOrder, type PublicConfig } from '@msp/shared';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import { readSettings } from '../settings/settings-service.js';

/** The names, links and texts the web app shows, as in effect: environment, then Settings, then defaults. */
export async function readPublicConfig(
  db: Executor,
  cache: ContentCache,
  config: Config,
): Promise<PublicConfig> {
  const { values } = await readSettings(db, cache, config);
  return {
    productName: config.productName,
    providerName: values.providerName,
    providerUrl: values.providerUrl,
    privacyUrl: values.privacyUrl,
    termsUrl: values.termsUrl,
    aboutUrl: values.aboutUrl,
    impactUrl: values.impactUrl,
    callToActionLabel: values.callToActionLabel,
    callToActionUrl: values.callToActionUrl,
    privacyNotice: values.privacyNotice,
    questionOrder: QuestionOrder.catch('random').parse(values.questionOrder),
  };
}
