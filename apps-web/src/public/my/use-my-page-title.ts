import { useQuery } from '@tanstack/react-query';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { usePageTitle } from '../layout/usePageTitle.js';

/** "Your assessments | <product>": the title of /my and of the sign-in link's page. */
export function useMyPageTitle(): void {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const config = useQuery(publicQueries.config(api, language)).data;
  usePageTitle(config ? t('my.pageTitle', { productName: config.productName }) : t('my.pageTitleBare'));
}
