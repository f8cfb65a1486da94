import { Alignment, Classes, Navbar } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { Logo } from '../../components/Logo.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { ThemeSwitch } from '../../components/ThemeSwitch.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';

/**
 * Top bar of the public pages: the logo (linking to the provider's site), the product title
 * (linking home), page-specific links, and the language and theme switches.
 */
export function SiteHeader({ children }: { children?: ReactNode }) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const { data: config } = useQuery(publicQueries.config(api, language));
  return (
    // A <header> (Blueprint's Navbar is a <div>): the page's banner landmark, for screen readers.
    <header className={`site-header ${Classes.NAVBAR}`}>
      <div className="site-header__inner">
        <Navbar.Group align={Alignment.START} className="site-header__brand">
          <a
            href={config?.providerUrl ?? '/'}
            className="site-header__logo"
            aria-label={
              config
                ? t('header.providerWebsite', { provider: config.providerName })
                : t('header.providerWebsiteUnknown')
            }
          >
            <Logo />
          </a>
          <Link to="/" className="site-header__title">
            {config?.productName ?? ''}
          </Link>
        </Navbar.Group>
        <Navbar.Group align={Alignment.END} className="site-header__nav">
          {children}
          {/* One unit that never wraps apart: on a phone the page's links wrap, the switches stay. */}
          <div className="site-header__switches">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
        </Navbar.Group>
      </div>
    </header>
  );
}
