import { AnchorButton, H1 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { MaturityMatrix } from '../../components/matrix/MaturityMatrix.js';
import { LinkButton } from '../../components/LinkButton.js';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { useIsLoggedIn } from '../../lib/use-auth-user.js';
import './MatrixPage.css';
import { useLanguage } from '../../lib/i18n/i18n-context.js';

/** The public maturity matrix: every pillar by the four levels, each cell opening its detail. */
export default function MatrixPage() {
  const api = useApi();
  const { language } = useLanguage();
  const { data: config } = useQuery(publicQueries.config(api, language));
  const isLoggedIn = useIsLoggedIn();
  usePageTitle(config ? `Maturity Matrix · ${config.productName}` : 'Maturity Matrix');

  return (
    <div className="page matrix-page">
      <SiteHeader>
        <LinkButton to="/assessment" variant="minimal" intent="primary" text="Take Assessment" />
        {isLoggedIn && (
          // A full page load: the admin portal is a separate bundle.
          <AnchorButton href="/admin" variant="minimal" icon="cog" text="Admin" />
        )}
      </SiteHeader>

      <main className="page__main matrix-page__main">
        <header className="matrix-page__intro">
          <p className="matrix-page__eyebrow">Maturity Model</p>
          <H1 className="matrix-page__title">Automation Maturity Matrix</H1>
          <p className="matrix-page__lead">
            Every pillar of the model across the four maturity levels. Select a cell to see what that level
            looks like in practice: requirements, examples, key metrics and the next steps to move up.
          </p>
        </header>
        <MaturityMatrix />
      </main>

      <footer className="matrix-page__footer">
        <div className="matrix-page__footer-inner">
          <div>
            <p className="matrix-page__footer-title">Where does your MSP stand?</p>
            <p className="matrix-page__footer-text">
              Answer a short set of questions and get your level for every pillar, with a personalized
              roadmap.
            </p>
          </div>
          <LinkButton
            to="/assessment"
            intent="primary"
            size="large"
            endIcon="arrow-right"
            text="Start the assessment"
          />
        </div>
      </footer>
    </div>
  );
}
