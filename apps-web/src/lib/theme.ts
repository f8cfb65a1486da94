import { atom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useEffect, useSyncExternalStore } from 'react';
import { Classes } from '@blueprintjs/core';

export type ThemeChoice = 'light' | 'dark' | 'system';

/** Local storage key of the visitor's theme choice; index.html reads it too, before first paint. */
export const THEME_STORAGE_KEY = 'msp-ui-theme';

export const themeChoiceAtom = atomWithStorage<ThemeChoice>(THEME_STORAGE_KEY, 'dark', undefined, {
  getOnInit: true,
});

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = darkQuery();
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => darkQuery().matches,
    () => true,
  );
}

/** Whether the dark theme is in effect, following the OS when the choice is "system". */
export function useIsDark(): boolean {
  const choice = useAtomValue(themeChoiceAtom);
  const systemDark = useSystemPrefersDark();
  return choice === 'dark' || (choice === 'system' && systemDark);
}

/** Puts Blueprint's dark class on <body> so portals (dialogs, toasts) follow the theme too. */
export function useApplyTheme(): void {
  const isDark = useIsDark();
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, isDark);
    document.documentElement.dataset.theme = isDark ? 'dark' : 'light';
  }, [isDark]);
}

export const themeChoiceLabelAtom = atom((get) => get(themeChoiceAtom));
