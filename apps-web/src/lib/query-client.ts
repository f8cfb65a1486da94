import { QueryClient } from '@tanstack/react-query';

/** Data never goes stale, is not refetched on focus, not polled and not retried by default. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
