import { Button, Callout, Card, Classes, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LinkButton } from '../../../components/LinkButton.js';
import { isUnauthorized } from '../../../lib/api-errors.js';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { publicQueries } from '../../../lib/public-queries.js';
import { useApi } from '../../../platform/platform-context.js';
import { SiteHeader } from '../../layout/SiteHeader.js';
import { usePageTitle } from '../../layout/usePageTitle.js';
import { RequestLinkForm } from '../RequestLinkForm.js';
import { rememberVisitorSession } from '../visitor-session-hint.js';
import { TeamOverview } from './TeamOverview.js';
import { teamQueries } from './team-queries.js';
import '../my.css';
import './team.css';

/** The shape of the team page while it loads: the header's line and two cards. */
function TeamSkeleton() {
  const t = useT();
  return (
    <div className="team-skeleton" role="status" aria-label={t('team.loading')}>
      <div className={`team-skeleton__line ${Classes.SKELETON}`} />
      <Card className="team-skeleton__card">
        <div className={`team-skeleton__line ${Classes.SKELETON}`} />
        <div className={`team-skeleton__block ${Classes.SKELETON}`} />
      </Card>
      <Card className="team-skeleton__card">
        <div className={`team-skeleton__block ${Classes.SKELETON}`} />
      </Card>
    </div>
  );
}

/**
 * "Your team" (/my/team): signed in with an emailed link, the visitor's organisation, their choices
 * and, once enough colleagues have assessed, the team's figures; otherwise the form that emails the link.
 */
export default function TeamPage() {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const config = useQuery(publicQueries.config(api, language)).data;
  usePageTitle(config ? t('team.pageTitle', { productName: config.productName }) : t('team.pageTitleBare'));
  const team = useQuery(teamQueries.team(api, language));
  const known = team.data ? true : isUnauthorized(team.error) ? false : undefined;
  useEffect(() => {
    if (known !== undefined) rememberVisitorSession(known);
  }, [known]);

  let content;
  if (team.isPending) {
    content = <TeamSkeleton />;
  } else if (team.data) {
    content = <TeamOverview view={team.data} />;
  } else if (isUnauthorized(team.error)) {
    content = <RequestLinkForm />;
  } else {
    content = (
      <Callout intent={Intent.DANGER} icon={IconNames.ERROR} className="my-notice" role="alert">
        <p>{t('team.loadFailed')}</p>
        <Button icon={IconNames.REFRESH} onClick={() => void team.refetch()}>
          {t('team.tryAgain')}
        </Button>
      </Callout>
    );
  }

  const { domain, membership } = team.data ?? {};
  return (
    <div className="page my-page">
      <SiteHeader />
      <main className="page__main my-page__main">
        <LinkButton to="/my" variant="minimal" icon={IconNames.ARROW_LEFT} className="team-back">
          {t('team.backToMy')}
        </LinkButton>
        <h1 className="my-page__title">
          {domain && !membership?.left ? t('team.heading', { domain }) : t('team.title')}
        </h1>
        {content}
      </main>
    </div>
  );
}
