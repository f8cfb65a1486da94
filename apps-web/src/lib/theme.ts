import { atom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useEffect, useSyncExternalStore } from 'react';
import { Classes } from '@blueprintjs/core';

export type ThemeChoice = 'light' | 'dark' | 'system';

/** Local storage key of the visitor's theme choice; index.html reads it too, before first paint. */
export const THEME_STORAGE_KEY = 'msp-ui-theme';

/**
 * Until a choice is stored the operating system's preference decides, and keeps deciding when it
 * changes: a visitor whose browser prefers light never lands on a dark page they did not ask for.
 */
export const themeChoiceAtom = atomWithStorage<ThemeChoice>(THEME_STORAGE_KEY, 'system', undefined, {
  getOnInit: true,
});

/** The theme a partner's snippet asks of the framed assessment (data-theme, passed as ?theme=). */
export const FRAMED_THEME_PARAMETER = 'theme';

/**
 * The framed assessment (/embed) takes its theme from the partner's snippet, or else from the
 * system, never from a choice stored on this site: it sits inside someone else's page, whose look
 * the partner picked. index.html's first-paint script reads the address the same way.
 */
export function framedThemeOf(location: { pathname: string; search: string }): ThemeChoice | undefined {
  if (!/^\/embed(\/|$)/.test(location.pathname)) return undefined;
  const asked = new URLSearchParams(location.search).get(FRAMED_THEME_PARAMETER);
  return asked === 'light' || asked === 'dark' ? asked : 'system';
}

/**
 * The framed theme as the page loaded (undefined outside /embed). The frame's own navigations drop
 * the parameter from the address; the embed page writes it back (withFramedTheme), so a reload of
 * any of its pages asks for the same theme.
 */
export const loadedFramedTheme = typeof window === 'undefined' ? undefined : framedThemeOf(window.location);

/**
 * The address `href` with the theme the snippet `asked` for added, when a navigation of the frame's
 * own (to the results, back to the start) left it out; undefined when there is nothing to carry: no
 * theme was asked (the system decides, on every load alike), or the address already names it.
 */
export function withFramedTheme(href: string, asked: ThemeChoice | undefined): string | undefined {
  if (asked !== 'light' && asked !== 'dark') return undefined;
  const url = new URL(href);
  if (url.searchParams.get(FRAMED_THEME_PARAMETER) === asked) return undefined;
  url.searchParams.set(FRAMED_THEME_PARAMETER, asked);
  return url.href;
}

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
  const storedChoice = useAtomValue(themeChoiceAtom);
  const choice = loadedFramedTheme ?? storedChoice;
  const systemDark = useSystemPrefersDark();
  return choice === 'dark' || (choice === 'system' && systemDark);
}

/**
 * Puts Blueprint's dark class on <body> so portals (dialogs, toasts) follow the theme too. Paper
 * is always light: while printing (or saving as PDF) the page drops to the light theme. The DOM is
 * changed in the print events themselves, because the browser lays the pages out right after
 * them, before React would render.
 */
export function useApplyTheme(): void {
  const isDark = useIsDark();
  useEffect(() => {
    const printing = window.matchMedia('print');
    const apply = (dark: boolean) => {
      document.body.classList.toggle(Classes.DARK, dark);
      // index.html's first-paint script puts the class on <html>: it follows the choice from here.
      document.documentElement.classList.toggle(Classes.DARK, dark);
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    };
    const follow = () => apply(isDark && !printing.matches);
    const light = () => apply(false);
    follow();
    printing.addEventListener('change', follow);
    window.addEventListener('beforeprint', light);
    window.addEventListener('afterprint', follow);
    return () => {
      printing.removeEventListener('change', follow);
      window.removeEventListener('beforeprint', light);
      window.removeEventListener('afterprint', follow);
    };
  }, [isDark]);
}

export const themeChoiceLabelAtom = atom((get) => get(themeChoiceAtom));
