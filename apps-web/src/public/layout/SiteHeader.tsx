import { Alignment, Classes, Navbar } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { Logo } from '../../components/Logo.js';
import { ThemeSwitch } from '../../components/ThemeSwitch.js';

/**
 * Top bar of the public pages: the logo (linking to the provider's site), the product title
 * (linking home), page-specific links, and the theme switch.
 */
export function SiteHeader({ children }: { children?: ReactNode }) {
  const api = useApi();
  const { data: config } = useQuery(publicQueries.config(api));
  const ref = useRef<HTMLElement>(null);
  usePublishedHeight(ref);
  return (
    // A <header> (Blueprint's Navbar is a <div>): the page's banner landmark, for screen readers.
    <header ref={ref} className={`site-header ${Classes.NAVBAR}`}>
      <div className="site-header__inner">
        <Navbar.Group align={Alignment.START} className="site-header__brand">
          <a
            href={config?.providerUrl ?? '/'}
            className="site-header__logo"
            aria-label={config ? `${config.providerName} website` : 'Provider website'}
          >
            <Logo />
          </a>
          <Link to="/" className="site-header__title">
            {config?.productName ?? ''}
          </Link>
        </Navbar.Group>
        <Navbar.Group align={Alignment.END} className="site-header__nav">
          {children}
          <ThemeSwitch />
        </Navbar.Group>
      </div>
    </header>
  );
}

/** The custom property on the root element that holds the sticky header's height. */
export const SITE_HEADER_HEIGHT_PROPERTY = '--site-header-height';

/**
 * Keeps the header's current height in a custom property on the root element. The header is
 * sticky and its height changes with the width (the title wraps on a phone), so a page that scrolls
 * things into view (`scroll-padding-top`) reads the real height instead of guessing one.
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = ref.current;
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
  }, [ref]);
}
