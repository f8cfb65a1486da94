import { Alert, Button, Callout, Intent, Spinner, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { roleLabelOf, type TeamInvite, type TeamRoleChoice } from '@msp/shared/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useApi } from '../../../platform/platform-context.js';
import { useDateLabel } from '../use-date-label.js';
import { teamInvitesKey, teamQueries } from './team-queries.js';

const STATUS_INTENT: Record<TeamInvite['status'], Intent> = {
  pending: Intent.PRIMARY,
  accepted: Intent.SUCCESS,
  expired: Intent.WARNING,
  revoked: Intent.NONE,
};

/** The invites the visitor sent, newest first, each with its state and what can still be done with it. */
export function InviteList({ roles }: { roles: readonly TeamRoleChoice[] }) {
  const api = useApi();
  const t = useT();
  const toast = useToast();
  const date = useDateLabel();
  const queryClient = useQueryClient();
  const invites = useQuery(teamQueries.invites(api));
  const [revoking, setRevoking] = useState<TeamInvite | null>(null);
  const questionId = useId();
  const done = (message: 'team.invites.resent' | 'team.invites.revoked') => async (invite: TeamInvite) => {
    toast.show({ title: t(message, { email: invite.email }), intent: Intent.SUCCESS });
    await queryClient.invalidateQueries({ queryKey: teamInvitesKey });
  };
  const failed = () => toast.show({ title: t('team.invites.actionFailed'), intent: Intent.DANGER });
  const resend = useMutation({
    mutationFn: (invite: TeamInvite) =>
      api.call('resendTeamInvite', { params: { inviteId: invite.inviteId } }),
    onSuccess: done('team.invites.resent'),
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (invite: TeamInvite) =>
      api.call('revokeTeamInvite', { params: { inviteId: invite.inviteId } }),
    onSuccess: done('team.invites.revoked'),
    onError: failed,
  });

  let content;
  if (invites.isPending) {
    content = (
      <div className="my-state" role="status" aria-label={t('team.loading')}>
        <Spinner size={24} aria-hidden />
      </div>
    );
  } else if (invites.isError) {
    content = (
      <Callout intent={Intent.DANGER} icon={IconNames.ERROR}>
        <p>{t('team.invites.loadFailed')}</p>
        <Button icon={IconNames.REFRESH} onClick={() => void invites.refetch()}>
          {t('team.tryAgain')}
        </Button>
      </Callout>
    );
  } else if (invites.data.invites.length === 0) {
    content = <p className="muted">{t('team.invites.none')}</p>;
  } else {
    content = (
      <ul className="team-invites__list">
        {invites.data.invites.map((invite) => (
          <li key={invite.inviteId} className="team-invite">
            <div className="team-invite__who">
              <span className="team-invite__email">{invite.email}</span>
              <Tag minimal intent={STATUS_INTENT[invite.status]}>
                {t(`team.invites.status.${invite.status}`)}
              </Tag>
            </div>
            <p className="team-invite__meta muted">
              {[
                invite.role && roleLabelOf(roles, invite.role),
                t('team.invites.sentOn', { date: date(invite.sentAt) }),
                invite.status === 'pending' && t('team.invites.expiresOn', { date: date(invite.expiresAt) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {(invite.status === 'pending' || invite.status === 'expired') && (
              <div className="team-invite__actions">
                <Button
                  size="small"
                  icon={IconNames.ENVELOPE}
                  loading={resend.isPending && resend.variables?.inviteId === invite.inviteId}
                  aria-label={t('team.invites.resendLabel', { email: invite.email })}
                  onClick={() => resend.mutate(invite)}
                >
                  {t('team.invites.resend')}
                </Button>
                {invite.status === 'pending' && (
                  <Button
                    size="small"
                    variant="outlined"
                    intent={Intent.DANGER}
                    icon={IconNames.BAN_CIRCLE}
                    loading={revoke.isPending && revoke.variables?.inviteId === invite.inviteId}
                    aria-label={t('team.invites.revokeLabel', { email: invite.email })}
                    onClick={() => setRevoking(invite)}
                  >
                    {t('team.invites.revoke')}
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="team-invites" aria-labelledby="team-invites-heading">
      <h3 id="team-invites-heading" className="team-invites__title">
        {t('team.invites.heading')}
      </h3>
      {content}
      <Alert
        aria-labelledby={questionId}
        isOpen={revoking !== null}
        intent={Intent.DANGER}
        icon={IconNames.BAN_CIRCLE}
        confirmButtonText={t('team.invites.revokeButton')}
        cancelButtonText={t('team.invites.keep')}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
          setRevoking(null);
        }}
        onCancel={() => setRevoking(null)}
        canEscapeKeyCancel
      >
        <p id={questionId}>{revoking && t('team.invites.revokeConfirm', { email: revoking.email })}</p>
      </Alert>
    </section>
  );
}
