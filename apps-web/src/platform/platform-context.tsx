import { createApiClient, type ApiClient } from '@msp/shared/browser';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Platform } from './platform.js';

interface PlatformValue {
  platform: Platform;
  api: ApiClient;
}

const PlatformContext = createContext<PlatformValue | null>(null);

/** The typed API client that calls through a platform: its base URL, its credentials, its CSRF token. */
export function createPlatformApiClient(platform: Platform): ApiClient {
  return createApiClient({
    baseUrl: platform.apiBaseUrl,
    fetch: (url, init) => platform.fetch(url, init),
    // The public reads may be kept by the browser for a minute; an admin who just edited content
    // must see the edit at once, and a revalidation costs only a 304.
    cache: 'no-cache',
  });
}

/**
 * Provides the host's platform, and the API client built on it, to everything below. Every host
 * (the browser app, the desktop client) wraps the admin in one.
 */
export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  const value = useMemo(() => ({ platform, api: createPlatformApiClient(platform) }), [platform]);
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}

function usePlatformValue(): PlatformValue {
  const value = useContext(PlatformContext);
  // No default: a host that forgets the provider should fail at once, not call the wrong server.
  if (!value) throw new Error('usePlatform and useApi need a <PlatformProvider> above them');
  return value;
}

/** The host the app runs in: API, files, external links, sign-in and sign-out. */
export function usePlatform(): Platform {
  return usePlatformValue().platform;
}

/** The typed API client of the host's platform. */
export function useApi(): ApiClient {
  return usePlatformValue().api;
}
