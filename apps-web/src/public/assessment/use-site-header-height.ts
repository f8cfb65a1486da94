import { useEffect } from 'react';

/** The custom property on the root element that holds the sticky header's height. */
export const SITE_HEADER_HEIGHT_PROPERTY = '--site-header-height';

/**
 * Keeps the sticky site header's current height in a custom property on the root element while
 * the assessment is shown. The header's height changes with the width (the title wraps on a
 * phone), so the assessment's `scroll-padding-top` reads the real height instead of guessing one.
 * It lives here, not in the header, because only the assessment scrolls things into view under it,
 * and the landing page's first paint should not carry it.
 */
export function useSiteHeaderHeight() {
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('header.site-header');
    if (!header) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(SITE_HEADER_HEIGHT_PROPERTY, `${header.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty(SITE_HEADER_HEIGHT_PROPERTY);
    };
  }, []);
}
