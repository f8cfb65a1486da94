import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';

/**
 * What the email address is for, under the email field, with the provider's privacy policy: the
 * operator's own notice, else a short default, so the form never collects an address unexplained.
 */
export function PrivacyNotice({ id }: { id: string }) {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const config = useQuery(publicQueries.config(api, language)).data;
  return (
    <span id={id} className="privacy-notice">
      {config && (
        <>
          {config.privacyNotice}{' '}
          <a href={config.privacyUrl} target="_blank" rel="noopener noreferrer">
            {t('assessment.privacyPolicy')}
          </a>
        </>
      )}
    </span>
  );
}
