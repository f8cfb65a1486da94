import type { PublicConfig } from '@msp/shared/browser';
import { Logo } from '../../components/Logo.js';
import { useT } from '../../lib/i18n/i18n-context.js';

/** Footer of the landing page: the provider's legal links, the admin entry and the copyright line. */
export function LandingFooter({ config }: { config: PublicConfig | undefined }) {
  const t = useT();
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
                {/* The year as text: a number argument would read "2,026". */}
                {t('footer.copyright', {
                  year: String(new Date().getFullYear()),
                  provider: config.providerName,
                })}
              </p>
            )}
            <p className="landing-footer__privacy">{t('footer.privacy')}</p>
          </div>
        </div>
        <nav aria-label={t('footer.label')} className="landing-footer__nav">
          <ul className="landing-footer__links">
            {config && (
              <>
                <li>
                  <a href={config.privacyUrl}>{t('footer.privacyPolicy')}</a>
                </li>
                <li>
                  <a href={config.termsUrl}>{t('footer.terms')}</a>
                </li>
                <li>
                  <a href={config.aboutUrl}>{t('footer.about')}</a>
                </li>
              </>
            )}
            <li>
              {/* A full page load: the admin portal is a separate bundle. */}
              <a href="/admin" className="landing-footer__admin">
                {t('footer.admin')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
