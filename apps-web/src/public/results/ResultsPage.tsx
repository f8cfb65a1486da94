import { Button, Card, Icon, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { ApiError, reportFileName } from '@msp/shared/browser';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { LinkButton } from '../../components/LinkButton.js';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { AnalysisSection } from './AnalysisSection.js';
import { CallToAction } from './CallToAction.js';
import { ComparisonSection } from './ComparisonSection.js';
import { DetailedScores } from './DetailedScores.js';
import { OverallBanner } from './OverallBanner.js';
import { PillarRadarChart } from './PillarRadarChart.js';
import { ReportActions } from './ReportActions.js';
import { ResultsSkeleton } from './ResultsSkeleton.js';
import { KeepProgress } from './KeepProgress.js';
import { reportFunnelStep, visitSubmitted } from '../funnel/funnel-beacon.js';
import { EMBED_MESSAGE, EMBED_PATH, postToParent, useEmbedded } from '../embed/embedded.js';
import { brandingStyle } from './branding.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { useHeldNavigation } from '../layout/held-navigation.js';
import './results.css';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';

/** Formatters by language and time zone: the first one made costs a slowed phone a tenth of a second. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language} ${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * "Completed on 4 March 2026" ("4. März 2026"): the day of the submission where the visitor is.
 * The server draws the page knowing nothing of the visitor's time zone, so it draws the day in UTC,
 * and the browser draws the same while React takes the drawing over; where the visitor's day is
 * another, it follows at once.
 */
function SubmittedOn({ submittedAt, language }: { submittedAt: string; language: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const date = new Date(submittedAt);
  if (Number.isNaN(date.getTime())) return null;
  const sameDay =
    date.getDate() === date.getUTCDate() &&
    date.getMonth() === date.getUTCMonth() &&
    date.getFullYear() === date.getUTCFullYear();
  const day = dateFormat(language, hydrated && !sameDay ? undefined : 'UTC').format(date);
  return <p className="results__date muted">{t('results.completedOn', { date: day })}</p>;
}

export default function ResultsPage() {
  const { submissionId = '' } = useParams();
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const config = useQuery(publicQueries.config(api, language)).data;
  const results = useQuery(publicQueries.results(api, submissionId, language));
  usePageTitle(
    config ? t('results.pageTitle', { productName: config.productName }) : t('results.pageTitleBare'),
  );
  // The funnel's last step, for a visit that submitted: a results link opened later from the email
  // is no step of a visit.
  const shown = Boolean(results.data && results.data.pillarScores.length > 0);
  useEffect(() => {
    if (shown && visitSubmitted()) reportFunnelStep({ step: 'results' });
  }, [shown]);
  // Framed on a partner's page, the parent hears of the submission once, when its level is known:
  // only right after submitting (the navigation's state), not on a reload or a shared link.
  const embedded = useEmbedded();
  const justSubmitted = (useLocation().state as { justSubmitted?: boolean } | null)?.justSubmitted === true;
  const told = useRef(false);
  const level = results.data?.overallLevel;
  useEffect(() => {
    if (!embedded || !justSubmitted || !shown || level === undefined || told.current) return;
    told.current = true;
    postToParent({ type: EMBED_MESSAGE.completed, submissionId, overallLevel: level });
  }, [embedded, justSubmitted, shown, level, submissionId]);

  // Drawn by the server, the page may have been clicked before the app took it over.
  useHeldNavigation();

  let content;
  if (results.isPending && submissionId) {
    content = <ResultsSkeleton />;
  } else if (!results.data || results.data.pillarScores.length === 0) {
    // A 404 (or an id that never existed) is "not found"; other failures may pass, so offer a retry.
    const transient = results.isError && !(results.error instanceof ApiError && results.error.status < 500);
    content = (
      <div className="results-state">
        <Icon icon={IconNames.SEARCH} size={48} className="results-state__icon" aria-hidden />
        <h1 className="results-state__title">{t('results.notFound.title')}</h1>
        <p className="muted">{t('results.notFound.text')}</p>
        <div className="results-state__actions">
          {transient && (
            <Button icon={IconNames.REFRESH} onClick={() => void results.refetch()}>
              {t('results.tryAgain')}
            </Button>
          )}
          <LinkButton to={embedded ? EMBED_PATH : '/'} icon={IconNames.HOME} intent={Intent.PRIMARY}>
            {t(embedded ? 'results.takeAssessment' : 'results.backHome')}
          </LinkButton>
        </div>
      </div>
    );
  } else {
    const data = results.data;
    const aiAnalysis = data.submission.aiAnalysis;
    const summary = aiAnalysis?.summary?.trim() ? aiAnalysis.summary : data.analysis.summary;
    const recommendations = aiAnalysis?.recommendations?.length
      ? aiAnalysis.recommendations
      : data.analysis.recommendations;

    const branded = brandingStyle(config?.branding);
    const logoUrl = config?.branding.logoUrl;
    content = (
      <div className={branded ? 'results results--branded' : 'results'} style={branded}>
        <header className="results__header">
          {logoUrl && (
            <img
              className="results__logo"
              src={logoUrl}
              alt={t('results.logoAlt', { providerName: config.providerName })}
            />
          )}
          <h1 className="results__title">{t('results.title')}</h1>
          <p className="results__subtitle">{t('results.subtitle', { count: data.pillarScores.length })}</p>
          <SubmittedOn submittedAt={data.submittedAt} language={language} />
          <ReportActions
            submissionId={data.submissionId}
            fileName={reportFileName({
              company: data.submission.demographicData.company,
              submittedAt: data.submittedAt,
            })}
          />
        </header>

        <OverallBanner level={data.overallLevel} />

        <div className="results__scores">
          <Card className="results-card" role="region" aria-labelledby="radar-heading">
            <h2 id="radar-heading" className="results-card__title">
              {t('results.radar.heading')}
            </h2>
            <PillarRadarChart scores={data.pillarScores} />
          </Card>
          <Card className="results-card" role="region" aria-labelledby="scores-heading">
            <h2 id="scores-heading" className="results-card__title">
              {t('results.scores.heading')}
            </h2>
            <DetailedScores scores={data.pillarScores} />
          </Card>
        </div>

        <ComparisonSection
          submissionId={data.submissionId}
          demographicData={data.submission.demographicData}
          pillarScores={data.pillarScores}
          overallLevel={data.overallLevel}
        />

        <AnalysisSection summary={summary} recommendations={recommendations} />

        <CallToAction />

        {/* Framed on a partner's page, the visitor is the partner's: no sign-in to this site is offered. */}
        {!embedded && <KeepProgress submissionId={data.submissionId} />}

        <nav className="results__links" aria-label={t('results.nextSteps')}>
          <LinkButton to={embedded ? EMBED_PATH : '/assessment'} icon={IconNames.REFRESH} variant="minimal">
            {t('results.takeAgain')}
          </LinkButton>
          {/* Framed on another site, there is no home page to go back to. */}
          {!embedded && (
            <LinkButton to="/" icon={IconNames.HOME} variant="minimal">
              {t('results.backHome')}
            </LinkButton>
          )}
        </nav>
      </div>
    );
  }

  return (
    <div className="page results-page">
      {!embedded && <SiteHeader />}
      <main className="page__main results-page__main">{content}</main>
    </div>
  );
}
