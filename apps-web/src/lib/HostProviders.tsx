import { OverlaysProvider } from '@blueprintjs/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import type { Platform } from '../platform/platform.js';
import { PlatformProvider } from '../platform/platform-context.js';
import { useApplyTheme } from './theme.js';

export interface HostProvidersProps {
  platform: Platform;
  queryClient: QueryClient;
  /** The app's one toaster: the admin mounts it at once, the public pages on their first toast. */
  toaster: ReactNode;
  children: ReactNode;
}

/** Inside the jotai store, which holds the theme choice. */
function ApplyTheme({ children }: { children: ReactNode }) {
  useApplyTheme();
  return children;
}

/**
 * Everything the app's screens need around them, in the one order every host uses: the platform,
 * the jotai store, the query client, Blueprint's overlays, the theme on <body>, and the toaster.
 * The browser app wraps its public and admin routes in it; `AdminHost` is it for the admin alone.
 * The router is the host's own (the browser's spans the public pages; the prerender is static).
 */
export function HostProviders({ platform, queryClient, toaster, children }: HostProvidersProps) {
  return (
    <PlatformProvider platform={platform}>
      <JotaiProvider>
        <QueryClientProvider client={queryClient}>
          <OverlaysProvider>
            <ApplyTheme>
              {children}
              {toaster}
            </ApplyTheme>
          </OverlaysProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </PlatformProvider>
  );
}
