import type { PublicConfig } from '@msp/shared/browser';
import { Logo } from '../../components/Logo.js';

/** Footer of the landing page: the provider's legal links, the admin entry and the copyright line. */
export function LandingFooter({ config }: { config: PublicConfig | undefined }) {
  return (
    <footer className="landing-footer">
      <div className="landing__container landing-footer__inner">
        <div className="landing-footer__brand">
          <Logo size={24} />
          <div>
            {config && <div className="landing-footer__product">{config.productName}</div>}
            {/* The year as the page is shown; a page prerendered last year keeps its year until the
                next build rather than failing hydration. */}
            {config && (
              <p className="landing-footer__copyright" suppressHydrationWarning>
                © {new Date().getFullYear()} {config.providerName}. All rights reserved.
              </p>
            )}
            <p className="landing-footer__privacy">
              No cookies track you here. To see where visitors stop, this site counts visits to each step of
              the assessment per day and per campaign source, and how long a step took in rough ranges;
              nothing in those counts identifies a visitor.
            </p>
          </div>
        </div>
        <nav aria-label="Footer" className="landing-footer__nav">
          <ul className="landing-footer__links">
            {config && (
              <>
                <li>
                  <a href={config.privacyUrl}>Privacy Policy</a>
                </li>
                <li>
                  <a href={config.termsUrl}>Terms of Service</a>
                </li>
                <li>
                  <a href={config.aboutUrl}>About</a>
                </li>
              </>
            )}
            <li>
              {/* A full page load: the admin portal is a separate bundle. */}
              <a href="/admin" className="landing-footer__admin">
                Admin
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
