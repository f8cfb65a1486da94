/**
 * The admin portal as a module a host mounts: the browser app at /admin, and the desktop client.
 * This is its one entry point; nothing outside the admin imports deeper than this file.
 *
 * A host provides, around `<AdminApp />` on a route ending in `/*`:
 * - `<PlatformProvider platform={…}>` with its `Platform` (`createBrowserPlatform()` in a browser),
 * - a react-query `QueryClientProvider` (`createQueryClient()` has the spec's defaults),
 * - a jotai `Provider`, Blueprint's `OverlaysProvider` and a router,
 * - `<AppToaster />` once, and `useApplyTheme()` so the theme reaches Blueprint's portals,
 * - the global styles, `@msp/apps-web/styles.css` (Blueprint's and the app's own).
 */
export { AdminApp, type AdminAppProps } from './AdminApp.js';
export type {
  Platform,
  SaveFileProgress,
  SaveFileRequest,
  SaveFileResult,
  SaveFileSource,
} from '../platform/platform.js';
export { PlatformProvider, usePlatform } from '../platform/platform-context.js';
export { createBrowserPlatform } from '../platform/browser-platform.js';
export { CSRF_HEADER, csrfTokenFromCookies, withCsrfToken } from '../platform/csrf.js';
export { createQueryClient } from '../lib/query-client.js';
export { AppToaster } from '../lib/AppToaster.js';
export { useApplyTheme } from '../lib/theme.js';
