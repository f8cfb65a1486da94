/**
 * The admin portal as a module a host mounts: the browser app at /admin, and the desktop client.
 * This is its one entry point; nothing outside the admin imports deeper than this file.
 *
 * A host mounts, in this order:
 * - `<AdminHost platform={…}>`, which provides everything else the admin needs (the platform, the
 *   jotai store, a query client with the product's defaults (`createQueryClient()`) unless one is
 *   given, Blueprint's overlays, the theme and the toaster);
 * - its own router, with `<AdminApp />` on a route ending in `/*`;
 * - and, once, the global styles `@msp/apps-web/styles.css` (Blueprint's and the app's own).
 *
 * The browser app hosts the public pages too: it wraps them and the lazily loaded admin in the
 * same providers (`HostProviders`, the body of `AdminHost`), so the landing page does not load the
 * admin or the toaster up front.
 */
export { AdminApp, type AdminAppProps } from './AdminApp.js';
export { AdminHost, type AdminHostProps } from './AdminHost.js';
export type {
  Platform,
  SaveFileProgress,
  SaveFileRequest,
  SaveFileResult,
  SaveFileSource,
} from '../platform/platform.js';
export { usePlatform } from '../platform/platform-context.js';
export { createBrowserPlatform } from '../platform/browser-platform.js';
export { CSRF_HEADER, csrfTokenFromCookies, withCsrfToken } from '../platform/csrf.js';
export { createQueryClient } from '../lib/query-client.js';
/** For a host's own screens outside the admin (the desktop's server address screen). */
export { useApplyTheme } from '../lib/theme.js';
