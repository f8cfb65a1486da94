import { AnchorButton, Card, Classes, H1, H2, H3, Icon, Tag } from '@blueprintjs/core';
import { MATURITY_LEVELS } from '@msp/shared/browser';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { MatrixLoading } from '../../components/matrix/MatrixLoading.js';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { EXPECTATIONS, IMPACT_STEPS, STATS } from './content.js';
import { LandingFooter } from './LandingFooter.js';
import { reportFunnelStep } from '../funnel/funnel-beacon.js';
import { LinkButton } from '../../components/LinkButton.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { visitAttribution } from '../attribution/visit-attribution.js';
import { useHeldNavigation } from '../layout/held-navigation.js';
import './LandingPage.css';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { useLevelLabel } from '../../lib/i18n/use-level-label.js';

const ASSESSMENT_PATH = '/assessment';

// The matrix sits below the fold: its code loads after the first paint, keeping the landing page
// within its budget (docs/benchmarks.md).
const MaturityMatrix = lazy(() => import('../../components/matrix/MaturityMatrix.js'));

/** Links to the page's sections; in the header on wide screens, under it on phones. */
function SectionLinks({ className }: { className: string }) {
  const t = useT();
  return (
    <nav aria-label={t('landing.sections')} className={className}>
      <AnchorButton variant="minimal" href="#about" text={t('landing.nav.about')} />
      <AnchorButton variant="minimal" href="#impact" text={t('landing.nav.impact')} />
    </nav>
  );
}

/** The public landing page: hero, the maturity model with its matrix, what to expect, IMPACT. */
export function LandingPage() {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const { data: config } = useQuery(publicQueries.config(api, language));
  usePageTitle(config?.productName);
  // The visit's campaign is read where it arrives; the assessment sends it with the submission.
  useEffect(() => void visitAttribution(), []);
  useEffect(() => reportFunnelStep({ step: 'landing' }), []);
  // A link clicked before the page's code ran, followed now that the visit is counted.
  useHeldNavigation();

  return (
    <div className="page landing">
      <a className="landing__skip-link" href="#main-content">
        {t('landing.skipLink')}
      </a>
      <SiteHeader>
        <SectionLinks className="landing-nav" />
      </SiteHeader>
      <SectionLinks className="landing-subnav" />

      <main id="main-content" className="landing__main" tabIndex={-1}>
        <Hero />
        <ModelSection />
        <ExpectSection />
        <ImpactSection impactUrl={config?.impactUrl} />
      </main>

      <LandingFooter config={config} />
    </div>
  );
}

function Hero() {
  const t = useT();
  return (
    <section className="landing-hero" aria-labelledby="landing-hero-title">
      <div className="landing__container landing-hero__inner">
        <div className="landing-hero__copy">
          <Tag className="landing-hero__eyebrow" minimal round intent="primary" icon="endorsed">
            {t('landing.hero.eyebrow')}
          </Tag>
          <H1 id="landing-hero-title" className="landing-hero__title">
            {t('landing.title')}
          </H1>
          <p className="landing-hero__lead">{t('landing.hero.lead')}</p>
          <div className="landing-hero__actions">
            <LinkButton
              to={ASSESSMENT_PATH}
              intent="primary"
              size="large"
              endIcon="arrow-right"
              text={t('landing.hero.start')}
            />
            <AnchorButton href="#about" size="large" variant="outlined" text={t('landing.hero.explore')} />
          </div>
          <ul className="landing-hero__facts" aria-label={t('landing.hero.facts')}>
            {STATS.map((stat) => (
              <li key={stat.fact}>
                <Icon icon="tick-circle" size={14} aria-hidden />
                {t(stat.fact)}
              </li>
            ))}
          </ul>
        </div>
        <LevelLadder />
      </div>
    </section>
  );
}

/** Decorative picture of the four levels climbing; the model section explains them in words. */
function LevelLadder() {
  const t = useT();
  const levels = useLevelLabel();
  return (
    <div className="landing-ladder" aria-hidden="true">
      {MATURITY_LEVELS.map(({ level }) => (
        <div key={level} className={`landing-ladder__step landing-ladder__step--${level}`}>
          <span className="landing-ladder__level">{t('landing.ladder.level', { level })}</span>
          <span className="landing-ladder__name">{levels.name(level)}</span>
        </div>
      ))}
    </div>
  );
}

function ModelSection() {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const levels = useLevelLabel();
  const { data: pillars, isPending, isError } = useQuery(publicQueries.pillars(api, language));
  // The matrix draws on the client only: the prerendered page shows its loading state.
  const hydrated = useHydrated();
  const activePillars = pillars?.filter((p) => p.isActive).sort((a, b) => a.order - b.order || a.id - b.id);

  return (
    <section id="about" className="landing-section" aria-labelledby="about-title">
      <div className="landing__container">
        <header className="landing-section__header">
          <p className="landing-section__eyebrow">{t('landing.model.eyebrow')}</p>
          <H2 id="about-title">{t('landing.model.title')}</H2>
          <p className="landing-section__intro">{t('landing.model.intro')}</p>
        </header>

        {!isError && (
          <div className="landing-block">
            <H3 className="landing-block__title">{t('landing.model.pillars')}</H3>
            <ol className="landing-pillars" aria-busy={isPending}>
              {isPending
                ? Array.from({ length: 6 }, (_, index) => (
                    <li key={index} className="landing-pillar">
                      <Card className="landing-pillar__card">
                        <div className={`landing-pillar__skeleton-title ${Classes.SKELETON}`} />
                        <div className={`landing-pillar__skeleton-text ${Classes.SKELETON}`} />
                      </Card>
                    </li>
                  ))
                : activePillars?.map((pillar, index) => (
                    <li key={pillar.id} className="landing-pillar">
                      <Card className="landing-pillar__card">
                        <span className="landing-pillar__number" aria-hidden="true">
                          {String(index + 1).padStart(2, '0')}
                        </span>
                        <h4 className="landing-pillar__name">{pillar.name}</h4>
                        <p className="landing-pillar__description">{pillar.description}</p>
                      </Card>
                    </li>
                  ))}
            </ol>
          </div>
        )}

        <div className="landing-block">
          <H3 className="landing-block__title">{t('landing.model.levels')}</H3>
          <ol className="landing-levels">
            {MATURITY_LEVELS.map(({ level }) => (
              <li key={level} className={`landing-level landing-level--${level}`}>
                <span className="landing-level__number" aria-hidden="true">
                  {level}
                </span>
                <span className="landing-level__title">{levels.label(level)}</span>
                <span className="landing-level__description">{levels.description(level)}</span>
              </li>
            ))}
          </ol>
        </div>

        <div className="landing-block">
          <div className="landing-block__heading-row">
            <div>
              <H3 className="landing-block__title">{t('landing.model.matrixTitle')}</H3>
              <p className="landing-block__hint">{t('landing.model.matrixHint')}</p>
            </div>
            <LinkButton
              to="/matrix"
              variant="minimal"
              endIcon="arrow-right"
              text={t('landing.model.openMatrix')}
            />
          </div>
          {hydrated ? (
            <Suspense fallback={<MatrixLoading />}>
              <MaturityMatrix onePillarOnPhones />
            </Suspense>
          ) : (
            <MatrixLoading />
          )}
        </div>
      </div>
    </section>
  );
}

function ExpectSection() {
  const t = useT();
  return (
    <section className="landing-section landing-section--muted" aria-labelledby="expect-title">
      <div className="landing__container landing-expect">
        <div className="landing-expect__points">
          <p className="landing-section__eyebrow">{t('landing.expect.eyebrow')}</p>
          <H2 id="expect-title">{t('landing.expect.title')}</H2>
          <ol className="landing-steps">
            {EXPECTATIONS.map((point, index) => (
              <li key={point.title} className="landing-step">
                <span className="landing-step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <H3 className="landing-step__title">{t(point.title)}</H3>
                  <p className="landing-step__text">{t(point.text)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div className="landing-expect__aside">
          <Card className="landing-stats" elevation={1}>
            <dl className="landing-stats__list">
              {STATS.map((stat) => (
                <div key={stat.label} className="landing-stats__item">
                  <span className="landing-stats__icon" aria-hidden="true">
                    <Icon icon={stat.icon} size={20} />
                  </span>
                  <dt className="landing-stats__label">{t(stat.label)}</dt>
                  <dd className="landing-stats__value">{t(stat.value)}</dd>
                </div>
              ))}
            </dl>
            <LinkButton
              to={ASSESSMENT_PATH}
              intent="primary"
              size="large"
              fill
              endIcon="arrow-right"
              text={t('landing.expect.begin')}
            />
          </Card>
        </div>
      </div>
    </section>
  );
}

function ImpactSection({ impactUrl }: { impactUrl: string | undefined }) {
  const t = useT();
  return (
    <section id="impact" className="landing-section" aria-labelledby="impact-title">
      <div className="landing__container">
        <header className="landing-section__header">
          <p className="landing-section__eyebrow">{t('landing.impact.eyebrow')}</p>
          <H2 id="impact-title">{t('landing.impact.title')}</H2>
          <p className="landing-section__intro">{t('landing.impact.intro')}</p>
        </header>
        <ol className="landing-impact">
          {IMPACT_STEPS.map((step, index) => (
            <li key={step.title} className="landing-impact__item">
              <Card className="landing-impact__card">
                <div className="landing-impact__top">
                  <span className="landing-impact__icon" aria-hidden="true">
                    <Icon icon={step.icon} size={20} />
                  </span>
                  <span className="landing-impact__step">
                    {t('landing.impact.step', { number: index + 1 })}
                  </span>
                </div>
                <H3 className="landing-impact__title">{t(step.title)}</H3>
                <p className="landing-impact__text">{t(step.text)}</p>
              </Card>
            </li>
          ))}
        </ol>
        {impactUrl && (
          <div className="landing-impact__cta">
            <AnchorButton
              href={impactUrl}
              target="_blank"
              rel="noopener"
              intent="primary"
              variant="outlined"
              size="large"
              endIcon="share"
            >
              {t('landing.impact.tools')}
              <span className="visually-hidden"> {t('link.opensInNewTab')}</span>
            </AnchorButton>
          </div>
        )}
      </div>
    </section>
  );
}
