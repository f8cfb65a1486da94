import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { UserInvite } from '@msp/shared/browser';
import { CopyableSecret } from '../../components/CopyableSecret.js';
import { formatDateTime } from '../../lib/format-date.js';

const LINK_LABEL: Record<UserInvite['purpose'], string> = {
  invite: 'Invite link',
  reset: 'Password reset link',
};

/**
 * A new invite or reset link, shown once with Copy: the server keeps only its hash. Says for whom
 * it is, until when it works, and whether it is also being emailed.
 */
export function InviteLink({ invite, email }: { invite: UserInvite; email: string }) {
  const expires = formatDateTime(invite.expiresAt);
  const what =
    invite.purpose === 'invite'
      ? 'Whoever opens it sets the password for this account and is signed in.'
      : 'Whoever opens it chooses a new password for this account; the current password works until then.';
  return (
    <div className="admin-list">
      <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} compact>
        Copy the link now and send it only to {email}. It won&apos;t be shown again: the server keeps only a
        hash of it.
      </Callout>
      {invite.emailQueued && (
        <Callout intent={Intent.PRIMARY} icon={IconNames.ENVELOPE} compact>
          The link is also being emailed to {email}.
        </Callout>
      )}
      <CopyableSecret label={LINK_LABEL[invite.purpose]} value={invite.url} />
      <p className="admin-muted">
        {what} It works once and expires on <time dateTime={invite.expiresAt}>{expires}</time>.
      </p>
    </div>
  );
}

export interface InviteLinkDialogProps {
  /** The link to show; null while closed. */
  shown: { invite: UserInvite; email: string } | null;
  onClose: () => void;
}

/**
 * The dialog of a new link for an existing user. Only Done closes it: a stray Escape or click
 * outside would lose the link for good.
 */
export function InviteLinkDialog({ shown, onClose }: InviteLinkDialogProps) {
  const reset = shown?.invite.purpose === 'reset';
  return (
    <Dialog
      isOpen={shown !== null}
      onClose={onClose}
      title={reset ? 'Password Reset Link' : 'Invite Link'}
      icon={reset ? IconNames.KEY : IconNames.ENVELOPE}
      className="admin-dialog"
      canOutsideClickClose={false}
      canEscapeKeyClose={false}
      isCloseButtonShown={false}
    >
      {shown && (
        <>
          <DialogBody>
            <InviteLink invite={shown.invite} email={shown.email} />
          </DialogBody>
          <DialogFooter
            actions={<Button intent={Intent.PRIMARY} icon={IconNames.TICK} text="Done" onClick={onClose} />}
          />
        </>
      )}
    </Dialog>
  );
}
