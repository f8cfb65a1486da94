import { AnchorButton, Button, Callout, Card, Intent, ProgressBar } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { TeamView } from '@msp/shared/browser';
import { useSearchParams } from 'react-router-dom';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { InviteDialog } from './InviteDialog.js';
import { MemberChoices } from './MemberChoices.js';
import { TeamFigures } from './TeamFigures.js';
import { useMembership } from './use-membership.js';

/** The address's `?invite` opens the invite dialog, so "Assess with your team" elsewhere can link to it. */
const INVITE_PARAM = 'invite';

/**
 * What the team page shows a signed-in visitor: a personal address has no team; one who left can
 * rejoin; a member sees their choices, the invite dialog, and the figures or how many are missing.
 */
export function TeamOverview({ view }: { view: TeamView }) {
  const t = useT();
  const { language } = useLanguage();
  const rejoin = useMembership();
  const [search, setSearch] = useSearchParams();
  const inviting = search.has(INVITE_PARAM);
  const setInviting = (open: boolean) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set(INVITE_PARAM, '1');
        else next.delete(INVITE_PARAM);
        return next;
      },
      { replace: true },
    );

  if (view.domain === null) {
    return (
      <Callout intent={Intent.PRIMARY} icon={IconNames.PERSON} className="my-notice team-personal">
        {t('team.personal', { email: view.email })}
      </Callout>
    );
  }
  if (view.membership.left) {
    return (
      <Card className="my-continue" role="region" aria-labelledby="team-left-heading">
        <h2 id="team-left-heading" className="team-section__title">
          {t('team.left', { domain: view.domain })}
        </h2>
        <p>{t('team.leftText')}</p>
        <Button
          intent={Intent.PRIMARY}
          icon={IconNames.PEOPLE}
          loading={rejoin.isPending}
          onClick={() => rejoin.mutate({ member: true })}
        >
          {t('team.rejoin')}
        </Button>
      </Card>
    );
  }
  return (
    <>
      <div className="my-toolbar">
        <p className="my-toolbar__who muted">{t('my.signedInAs', { email: view.email })}</p>
        <div className="my-toolbar__actions">
          <Button intent={Intent.PRIMARY} icon={IconNames.NEW_PERSON} onClick={() => setInviting(true)}>
            {t('team.assessWithTeam')}
          </Button>
          {view.figures && (
            // The member's own session opens it: a plain download, as the browser saves any file.
            <AnchorButton
              variant="outlined"
              icon={IconNames.DOWNLOAD}
              href={`/api/visitor/team/report.pdf?lang=${encodeURIComponent(language)}`}
              download
            >
              {t('team.downloadReport')}
            </AnchorButton>
          )}
        </div>
      </div>
      {view.figures ? (
        <TeamFigures view={{ ...view, figures: view.figures }} />
      ) : (
        <Card className="team-section team-pending" role="region" aria-labelledby="team-pending-heading">
          <h2 id="team-pending-heading" className="team-section__title">
            {t('team.overall.heading')}
          </h2>
          <p>{t('team.pending', { assessed: view.assessed, threshold: view.threshold })}</p>
          <ProgressBar
            value={Math.min(view.assessed / Math.max(view.threshold, 1), 1)}
            intent={Intent.PRIMARY}
            stripes={false}
            animate={false}
            aria-hidden
          />
        </Card>
      )}
      <MemberChoices shares={view.membership.shares} />
      <InviteDialog
        isOpen={inviting}
        onClose={() => setInviting(false)}
        domain={view.domain}
        roles={view.roles}
      />
    </>
  );
}
