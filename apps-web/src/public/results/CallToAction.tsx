import { AnchorButton, Card, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';

/** "Ready to Accelerate Your Automation?": a link to the provider's site, in a new tab. */
export function CallToAction() {
  const api = useApi();
  const config = useQuery(publicQueries.config(api)).data;
  return (
    <Card className="results-card cta" role="region" aria-labelledby="cta-heading">
      <div className="cta__body">
        <h2 id="cta-heading" className="results-card__title">
          Ready to Accelerate Your Automation?
        </h2>
        <p className="cta__text">
          Turn these results into a practical roadmap: prioritize the automation that frees your technicians
          for higher-value work and lets your service delivery scale.
        </p>
      </div>
      {config && (
        <AnchorButton
          className="cta__button"
          role="link"
          href={config.providerUrl}
          target="_blank"
          rel="noopener noreferrer"
          intent={Intent.PRIMARY}
          size="large"
          endIcon={IconNames.SHARE}
        >
          Learn About {config.providerName}
        </AnchorButton>
      )}
    </Card>
  );
}
