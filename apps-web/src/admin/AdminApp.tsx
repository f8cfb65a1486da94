import { EN_MESSAGES } from '@msp/shared/catalogues';
import { useEffect } from 'react';
import { I18nProvider } from '../lib/i18n/i18n-context.js';
import { Route, Routes } from 'react-router-dom';
import { useAdminSessionWatcher } from './api/session-watcher.js';
import { AdminLayout } from './layout/AdminLayout.js';
import { PortalHome, SectionGate } from './guard/SectionGate.js';
import { AdminNotFound } from './layout/AdminNotFound.js';
import { AdminBasePathContext } from './routing.js';
import { ADMIN_SCREENS } from './screens.js';
import { ADMIN_SECTIONS } from './sections.js';

export interface AdminAppProps {
  /** The path the host mounts these routes under (the route must end in `/*`). */
  basePath?: string;
}

const DashboardPage = ADMIN_SCREENS[''];

/** The admin is in English: the matrix and badges it shares with the visitor's pages read it so. */
const ADMIN_TEXTS = { language: 'en', dir: 'ltr', messages: EN_MESSAGES } as const;

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
    <I18nProvider initial={ADMIN_TEXTS}>
      <AdminBasePathContext.Provider value={basePath}>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route index element={<PortalHome dashboard={<DashboardPage />} />} />
            {ADMIN_SECTIONS.filter((section) => section.path).map(({ path, permission }) => {
              const Page = ADMIN_SCREENS[path];
              return (
                <Route
                  key={path}
                  path={path}
                  element={
                    <SectionGate permission={permission}>
                      <Page />
                    </SectionGate>
                  }
                />
              );
            })}
            <Route path="*" element={<AdminNotFound />} />
          </Route>
        </Routes>
      </AdminBasePathContext.Provider>
    </I18nProvider>
  );
}

export default AdminApp;
