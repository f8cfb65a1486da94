import { AnchorButton, H1 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { MaturityMatrix } from '../../components/matrix/MaturityMatrix.js';
import { LinkButton } from '../../components/LinkButton.js';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { useIsLoggedIn } from '../../lib/use-auth-user.js';
import { useHeldNavigation } from '../layout/held-navigation.js';
import './MatrixPage.css';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';

/** The public maturity matrix: every pillar by the four levels, each cell opening its detail. */
export default function MatrixPage() {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const { data: config } = useQuery(publicQueries.config(api, language));
  const isLoggedIn = useIsLoggedIn();
  // A link clicked before the page's code ran.
  useHeldNavigation();
  usePageTitle(
    config
      ? t('matrix.page.documentTitle', { product: config.productName })
      : t('matrix.page.documentTitleBare'),
  );

  return (
    <div className="page matrix-page">
      <SiteHeader>
        <LinkButton to="/assessment" variant="minimal" intent="primary" text={t('header.takeAssessment')} />
        <LinkButton to="/my" variant="minimal" text={t('site.nav.my')} />
        {isLoggedIn && (
          // A full page load: the admin portal is a separate bundle.
          <AnchorButton href="/admin" variant="minimal" icon="cog" text={t('header.admin')} />
        )}
      </SiteHeader>

      <main className="page__main matrix-page__main">
        <header className="matrix-page__intro">
          <p className="matrix-page__eyebrow">{t('matrix.page.eyebrow')}</p>
          <H1 className="matrix-page__title">{t('matrix.page.title')}</H1>
          <p className="matrix-page__lead">{t('matrix.page.lead')}</p>
        </header>
        <MaturityMatrix />
      </main>

      <footer className="matrix-page__footer">
        <div className="matrix-page__footer-inner">
          <div>
            <p className="matrix-page__footer-title">{t('matrix.page.footerTitle')}</p>
            <p className="matrix-page__footer-text">{t('matrix.page.footerText')}</p>
          </div>
          <LinkButton
            to="/assessment"
            intent="primary"
            size="large"
            endIcon="arrow-right"
            text={t('matrix.page.start')}
          />
        </div>
      </footer>
    </div>
  );
}
