import { Button, Card, Intent, Spinner } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { VisitorHistory } from '@msp/shared/browser';
import { useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n/i18n-context.js';
import { assessmentDraftAtom } from '../assessment/draft.js';
import { AssessmentCard } from './AssessmentCard.js';
import { LinkButton } from '../../components/LinkButton.js';
import { EraseHistory } from './EraseHistory.js';
import { AssessWithTeamButton } from './team/AssessWithTeamButton.js';
import { useDateLabel } from './use-date-label.js';

const PillarHistoryChart = lazy(() => import('./PillarHistoryChart.js'));

/**
 * A signed-in visitor's assessments: who is signed in, "Take it again" (the assessment with the
 * latest demographic answers filled in) and signing out, each pillar over time, and every
 * assessment with its change since the one before.
 */
export function HistoryView({
  history,
  onSignOut,
  signingOut,
  erase,
}: {
  history: VisitorHistory;
  onSignOut: () => void;
  signingOut: boolean;
  /** The person's own erasure: under way, failed, and how to start it. */
  erase: { pending: boolean; failed: boolean; start: () => void };
}) {
  const t = useT();
  const navigate = useNavigate();
  const setDraft = useSetAtom(assessmentDraftAtom);
  const dateLabel = useDateLabel();
  const { assessments } = history;

  const takeAgain = () => {
    // A fresh start from the latest answers about the company; answers in a draft already begun stay.
    setDraft((draft) => ({
      ...draft,
      step: 'demographics',
      demographics: { ...(history.latestDemographics ?? {}) },
    }));
    navigate('/assessment');
  };

  return (
    <>
      <div className="my-toolbar">
        <p className="my-toolbar__who muted">{t('my.signedInAs', { email: history.email })}</p>
        <div className="my-toolbar__actions">
          <Button intent={Intent.PRIMARY} icon={IconNames.REFRESH} onClick={takeAgain}>
            {t('my.takeAgain')}
          </Button>
          <LinkButton to="/my/team" icon={IconNames.PEOPLE}>
            {t('team.nav')}
          </LinkButton>
          <AssessWithTeamButton signedIn />
          <Button variant="outlined" icon={IconNames.LOG_OUT} loading={signingOut} onClick={onSignOut}>
            {t('my.signOut')}
          </Button>
        </div>
      </div>
      {assessments.length === 0 ? (
        <p className="my-empty">{t('my.empty')}</p>
      ) : (
        <>
          <Card className="my-chart" role="region" aria-labelledby="my-chart-heading">
            <h2 id="my-chart-heading" className="my-chart__title">
              {t('my.chart.heading')}
            </h2>
            {assessments.length < 2 ? (
              <p className="muted">{t('my.chart.one')}</p>
            ) : (
              <Suspense
                fallback={
                  <div className="my-chart__canvas my-chart__canvas--loading">
                    <Spinner size={28} aria-hidden />
                  </div>
                }
              >
                <PillarHistoryChart assessments={assessments} dateLabel={dateLabel} />
              </Suspense>
            )}
          </Card>
          <section aria-labelledby="my-list-heading">
            <h2 id="my-list-heading" className="my-list__title">
              {t('my.count', { count: assessments.length })}
            </h2>
            <div className="my-list">
              {assessments.map((assessment, index) => (
                <AssessmentCard
                  key={assessment.submissionId}
                  assessment={assessment}
                  latest={index === 0}
                  date={dateLabel(assessment.submittedAt)}
                />
              ))}
            </div>
          </section>
          <EraseHistory
            email={history.email}
            count={assessments.length}
            erasing={erase.pending}
            failed={erase.failed}
            onErase={erase.start}
          />
        </>
      )}
    </>
  );
}
