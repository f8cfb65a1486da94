import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppToaster } from '../lib/AppToaster.js';
import { HostProviders } from '../lib/HostProviders.js';
import { createQueryClient } from '../lib/query-client.js';
import type { Platform } from '../platform/platform.js';

export interface AdminHostProps {
  /** How the admin reaches its host: `createBrowserPlatform()` in a browser, the desktop's own. */
  platform: Platform;
  /** The cache to use; by default a new one with the product's defaults (`createQueryClient()`). */
  queryClient?: QueryClient;
  /** The host's router, with `<AdminApp />` on a route ending in `/*`. */
  children: ReactNode;
}

/**
 * Everything the admin needs around it: the platform, the jotai store, the query client, Blueprint's
 * overlays, the theme and the toaster, in the same order as the browser app's (`HostProviders`).
 * The router stays the host's, so it can route beside the admin (a redirect to it, other pages).
 */
export function AdminHost({ platform, queryClient: givenQueryClient, children }: AdminHostProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  return (
    <HostProviders platform={platform} queryClient={queryClient} toaster={<AppToaster />}>
      {children}
    </HostProviders>
  );
}
