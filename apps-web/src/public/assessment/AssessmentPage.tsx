import { Button, Callout, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ApiClient } from '@msp/shared/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inlinedRead, publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { AssessmentFlow } from './AssessmentFlow.js';
import { useDraftLink } from './use-draft-link.js';
import { useSiteHeaderHeight } from './use-site-header-height.js';
import { LinkButton } from '../../components/LinkButton.js';
import { reportFunnelStep } from '../funnel/funnel-beacon.js';
import { useHeldNavigation } from '../layout/held-navigation.js';
import { useEmbedded } from '../embed/embedded.js';
import { queryKey } from '../../lib/query-keys.js';
import './assessment.css';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';

/**
 * The consent statement, read once per visit: a statement the administrator replaces while the
 * visitor is on the page must not untick what they ticked. The server accepts the one they saw.
 * Here rather than in the shared public queries, which the landing page's first paint carries.
 */
const consentStatementQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKey('getConsentStatement'),
    queryFn: () => api.call('getConsentStatement'),
    initialData: () => inlinedRead('getConsentStatement'),
    staleTime: Infinity,
  });

export default function AssessmentPage() {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const embedded = useEmbedded();
  const configQuery = useQuery(publicQueries.config(api, language));
  const config = configQuery.data;
  usePageTitle(
    config ? t('assessment.pageTitle', { productName: config.productName }) : t('assessment.pageTitleBare'),
  );
  useSiteHeaderHeight();
  useEffect(() => reportFunnelStep({ step: 'started' }), []);
  // A link clicked before the page's code ran, followed now that the start is counted.
  useHeldNavigation();

  const fields = useQuery(publicQueries.demographicFields(api, language));
  const questions = useQuery(publicQueries.questions(api, language));
  const consent = useQuery(consentStatementQuery(api));
  // An emailed "Continue later" link: its draft is written into the local one before the flow starts.
  const draftLink = useDraftLink();

  let content;
  // The config says the question order, so the flow waits for it (the page's own copy, as a rule).
  if (
    fields.isPending ||
    questions.isPending ||
    consent.isPending ||
    configQuery.isPending ||
    draftLink === 'loading'
  ) {
    content = (
      <div className="assessment-state" role="status">
        <Spinner size={40} aria-hidden />
        <p className="muted">
          {t(draftLink === 'loading' ? 'assessment.draftLink.loading' : 'assessment.loading')}
        </p>
      </div>
    );
  } else if (fields.isError || questions.isError || consent.isError) {
    content = (
      <div className="assessment-state">
        <NonIdealState
          icon={IconNames.ERROR}
          title={t('assessment.loadFailed.title')}
          description={t('assessment.loadFailed.description')}
          action={
            <Button
              intent={Intent.PRIMARY}
              icon={IconNames.REFRESH}
              onClick={() => {
                if (fields.isError) void fields.refetch();
                if (questions.isError) void questions.refetch();
                if (consent.isError) void consent.refetch();
              }}
            >
              {t('assessment.tryAgain')}
            </Button>
          }
        />
      </div>
    );
  } else if (questions.data.length === 0) {
    content = (
      <div className="assessment-state">
        <NonIdealState
          icon={IconNames.CLIPBOARD}
          title={t('assessment.empty.title')}
          description={t('assessment.empty.description')}
          action={
            // Framed on another site, there is no home page to go back to.
            embedded ? undefined : (
              <LinkButton to="/" icon={IconNames.HOME}>
                {t('assessment.backHome')}
              </LinkButton>
            )
          }
        />
      </div>
    );
  } else {
    const activeFields = [...fields.data].filter((f) => f.isActive).sort((a, b) => a.order - b.order);
    content = (
      <>
        {(draftLink === 'expired' || draftLink === 'failed') && (
          <Callout intent={Intent.WARNING} icon={IconNames.TIME} className="resume-notice" role="alert">
            {t(draftLink === 'expired' ? 'assessment.draftLink.expired' : 'assessment.draftLink.failed')}
          </Callout>
        )}
        <AssessmentFlow
          fields={activeFields}
          consent={consent.data.statement}
          questions={questions.data}
          // Should the config fail to load, the order of old: random.
          questionOrder={config?.questionOrder ?? 'random'}
          restoredFromLink={draftLink === 'restored'}
        />
      </>
    );
  }

  return (
    <div className="page assessment-page">
      {!embedded && <SiteHeader />}
      <main className="page__main assessment-page__main">{content}</main>
    </div>
  );
}
