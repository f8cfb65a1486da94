import { AnchorButton, Intent, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useLocation } from 'react-router-dom';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { useT } from '../../lib/i18n/i18n-context.js';
import { splitAround } from '../../lib/i18n/rich-text.js';
import './NotFoundPage.css';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT();
  usePageTitle(t('notFound.title'));
  const message = splitAround((path) => t('notFound.message', { path }));
  return (
    <div className="page">
      <SiteHeader />
      <main className="page__main">
        {/* The page's own heading is its h1: NonIdealState's title would be an h4. */}
        <NonIdealState
          icon={IconNames.SEARCH}
          description={
            <div className="not-found">
              <h1 className="not-found__title">{t('notFound.title')}</h1>
              <p>
                {message.before}
                {message.found && <code>{pathname}</code>}
                {message.after}
              </p>
            </div>
          }
          action={
            <div className="not-found__actions">
              <AnchorButton href="/" intent={Intent.PRIMARY} icon={IconNames.HOME}>
                {t('notFound.home')}
              </AnchorButton>
              <AnchorButton href="/assessment" variant="outlined" icon={IconNames.CLIPBOARD}>
                {t('notFound.assessment')}
              </AnchorButton>
            </div>
          }
        />
      </main>
    </div>
  );
}
