import { AnchorButton, Card, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';

/**
 * "Ready to Accelerate Your Automation?": the provider's call to action, in a new tab; by default
 * "Learn About <provider>" to its site, both changed on the admin's Settings screen.
 */
export function CallToAction() {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const config = useQuery(publicQueries.config(api, language)).data;
  return (
    <Card className="results-card cta" role="region" aria-labelledby="cta-heading">
      <div className="cta__body">
        <h2 id="cta-heading" className="results-card__title">
          {t('results.cta.heading')}
        </h2>
        <p className="cta__text">{t('results.cta.text')}</p>
      </div>
      {config && (
        <AnchorButton
          className="cta__button"
          role="link"
          href={config.callToActionUrl}
          target="_blank"
          rel="noopener noreferrer"
          intent={Intent.PRIMARY}
          size="large"
          endIcon={IconNames.SHARE}
        >
          {config.callToActionLabel}
        </AnchorButton>
      )}
    </Card>
  );
}
