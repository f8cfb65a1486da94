import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerender and while React hydrates it, true in every render after. What depends on
 * the visitor's browser (a choice saved in local storage) waits for it, or hydration would find
 * HTML that differs from the prerendered page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
