import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useApi } from '../../platform/platform-context.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { currentUserQuery } from '../../lib/use-auth-user.js';
import { isPortalUser } from '../api/session.js';
import { AdminGuard } from '../guard/AdminGuard.js';
import { AdminTabs } from './AdminTabs.js';
import { AdminTopBar } from './AdminTopBar.js';
import './AdminLayout.css';

/**
 * The frame of every admin screen: the top bar, the tabs (for approved users, those of their role) and the
 * guarded content.
 */
export function AdminLayout() {
  const api = useApi();
  const me = useQuery(currentUserQuery(api));
  // After a failed re-check (e.g. a 401) the last good answer no longer counts.
  const user = me.status === 'success' && me.data ? me.data : null;
  return (
    <div className="page admin-shell">
      <a className="admin-skip-link" href="#admin-main">
        Skip to content
      </a>
      <AdminTopBar user={user} />
      {isPortalUser(user) && <AdminTabs user={user} />}
      <main className="page__main admin-main" id="admin-main" tabIndex={-1}>
        <AdminGuard>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </AdminGuard>
      </main>
    </div>
  );
}
