import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useAdminSessionWatcher } from './api/session-watcher.js';
import { AdminLayout } from './layout/AdminLayout.js';
import { AdminNotFound } from './layout/AdminNotFound.js';
import { AdminBasePathContext } from './routing.js';
import { ADMIN_SCREENS } from './screens.js';
import { ADMIN_SECTIONS } from './sections.js';

export interface AdminAppProps {
  /** The path the host mounts these routes under (the route must end in `/*`). */
  basePath?: string;
}

const DashboardPage = ADMIN_SCREENS[''];

/**
 * The admin portal: the guard, the layout and every admin screen, as routes relative to where the
 * host mounts it (`<Route path="/admin/*">` in the browser; the desktop client mounts it too).
 * The host provides the platform, the router, the query client, the jotai store, Blueprint's
 * overlays provider and the toaster (see `index.ts`, the module's entry point).
 */
export function AdminApp({ basePath = '/admin' }: AdminAppProps) {
  useAdminSessionWatcher();
  useEffect(() => {
    // The portal toasts often, and the "logged out" toast has only 500 ms before the redirect:
    // fetch the toaster's chunk now rather than on the first toast.
    void import('../lib/AppToaster.js');
  }, []);
  return (
    <AdminBasePathContext.Provider value={basePath}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          {ADMIN_SECTIONS.filter((section) => section.path).map(({ path }) => {
            const Page = ADMIN_SCREENS[path];
            return <Route key={path} path={path} element={<Page />} />;
          })}
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </AdminBasePathContext.Provider>
  );
}

export default AdminApp;
