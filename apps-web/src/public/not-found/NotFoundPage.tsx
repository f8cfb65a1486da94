import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { useLocation } from 'react-router-dom';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('404 Page Not Found');
  return (
    <div className="page">
      <SiteHeader />
      <main className="page__main">
        <NonIdealState
          icon="search"
          title="404 Page Not Found"
          description={
            <>
              There is no page at <code>{pathname}</code>. Did you forget to add the page to the router, or
              follow an outdated link?
            </>
          }
          action={
            <AnchorButton href="/" intent="primary" icon="home">
              Back to home
            </AnchorButton>
          }
        />
      </main>
    </div>
  );
}
