import { Card, Spinner } from '@blueprintjs/core';
import { roleLabelOf, type TeamView } from '@msp/shared/browser';
import { lazy, Suspense } from 'react';
import { LevelBadge } from '../../../components/LevelBadge.js';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { PillarRanges } from './PillarRanges.js';
import { SharedMembersTable } from './SharedMembersTable.js';
import { formatMeanLevel, formatPercent } from './team-view-model.js';

const TeamHistoryChart = lazy(() => import('./TeamHistoryChart.js'));

/**
 * The team's figures once enough colleagues have assessed: overall, each pillar's range, the same
 * per role, the mean over time, and the colleagues who share their levels.
 */
export function TeamFigures({ view }: { view: TeamView & { figures: NonNullable<TeamView['figures']> } }) {
  const t = useT();
  const { language } = useLanguage();
  const { figures } = view;
  return (
    <>
      <Card className="team-section" role="region" aria-labelledby="team-overall-heading">
        <h2 id="team-overall-heading" className="team-section__title">
          {t('team.overall.heading')}
        </h2>
        <div className="team-overall">
          <LevelBadge level={Math.round(figures.meanLevel)} large />
          <p className="team-overall__mean">
            {t('team.overall.mean', {
              level: formatMeanLevel(figures.meanLevel, language),
              percentage: formatPercent(figures.meanPercentage, language),
            })}
          </p>
          <p className="muted team-overall__members">
            {t('team.overall.members', { count: figures.members })}
          </p>
        </div>
      </Card>

      <Card className="team-section" role="region" aria-labelledby="team-pillars-heading">
        <h2 id="team-pillars-heading" className="team-section__title">
          {t('team.pillars.heading')}
        </h2>
        <p className="muted team-section__intro">{t('team.pillars.intro')}</p>
        <PillarRanges pillars={figures.pillars} />
      </Card>

      {view.byRole.length > 0 && (
        <section className="team-roles" aria-labelledby="team-roles-heading">
          <h2 id="team-roles-heading" className="team-section__title">
            {t('team.roles.heading')}
          </h2>
          {view.byRole.map(({ role, figures: roleFigures }, index) => (
            <Card key={role} className="team-role" role="region" aria-labelledby={`team-role-${index}`}>
              <h3 id={`team-role-${index}`} className="team-role__title">
                {roleLabelOf(view.roles, role)}
              </h3>
              <p className="muted team-role__summary">
                {t('team.roles.members', { count: roleFigures.members })} ·{' '}
                {t('team.roles.mean', { level: formatMeanLevel(roleFigures.meanLevel, language) })}
              </p>
              <PillarRanges pillars={roleFigures.pillars} compact />
            </Card>
          ))}
        </section>
      )}

      <Card className="team-section" role="region" aria-labelledby="team-history-heading">
        <h2 id="team-history-heading" className="team-section__title">
          {t('team.history.heading')}
        </h2>
        {view.history.length < 2 ? (
          <p className="muted">{t('team.history.one')}</p>
        ) : (
          <Suspense
            fallback={
              <div className="my-chart__canvas my-chart__canvas--loading team-history__canvas">
                <Spinner size={28} aria-hidden />
              </div>
            }
          >
            <TeamHistoryChart history={view.history} />
          </Suspense>
        )}
      </Card>

      <Card className="team-section" role="region" aria-labelledby="team-members-heading">
        <h2 id="team-members-heading" className="team-section__title">
          {t('team.members.heading')}
        </h2>
        <SharedMembersTable members={view.sharedMembers} pillars={figures.pillars} roles={view.roles} />
      </Card>
    </>
  );
}
