import { AnchorButton, Intent, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useLocation } from 'react-router-dom';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import './NotFoundPage.css';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('404 Page Not Found');
  return (
    <div className="page">
      <SiteHeader />
      <main className="page__main">
        {/* The page's own heading is its h1: NonIdealState's title would be an h4. */}
        <NonIdealState
          icon={IconNames.SEARCH}
          description={
            <div className="not-found">
              <h1 className="not-found__title">404 Page Not Found</h1>
              <p>
                We couldn’t find <code>{pathname}</code>. The link may be out of date, or the address may be
                mistyped.
              </p>
            </div>
          }
          action={
            <div className="not-found__actions">
              <AnchorButton href="/" intent={Intent.PRIMARY} icon={IconNames.HOME}>
                Back to home
              </AnchorButton>
              <AnchorButton href="/assessment" variant="outlined" icon={IconNames.CLIPBOARD}>
                Take the assessment
              </AnchorButton>
            </div>
          }
        />
      </main>
    </div>
  );
}
