import { Dialog, DialogBody } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { TEAM_INVITE_TTL_DAYS, type TeamRoleChoice } from '@msp/shared/browser';
import { useT } from '../../../lib/i18n/i18n-context.js';
import { InviteForm } from './InviteForm.js';
import { InviteList } from './InviteList.js';

/** "Assess with your team": invite colleagues at the domain, and see the invites already sent. */
export function InviteDialog({
  isOpen,
  onClose,
  domain,
  roles,
}: {
  isOpen: boolean;
  onClose: () => void;
  domain: string;
  roles: readonly TeamRoleChoice[];
}) {
  const t = useT();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('team.invite.title')}
      icon={IconNames.PEOPLE}
      className="team-invite-dialog"
    >
      <DialogBody>
        <p className="team-invite-dialog__intro">
          {t('team.invite.intro', { days: TEAM_INVITE_TTL_DAYS, domain })}
        </p>
        <InviteForm roles={roles} />
        <InviteList roles={roles} />
      </DialogBody>
    </Dialog>
  );
}
