import { Button, Classes, HTMLSelect, Intent, Tag, Tooltip } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import type { AdminUser, User, UserInvite, UserRole, UserStatus } from '@msp/shared/browser';
import { useState, type ReactNode } from 'react';
import { useAdminSession } from '../../api/session.js';
import { formatDateTime } from '../../lib/format-date.js';
import { InviteLinkDialog } from './InviteLink.js';
import { useInviteUser, useUpdateUserRole, useUpdateUserStatus } from './queries.js';
import { fullName, initials, ROLE_LABELS, STATUS_LABELS } from './user-labels.js';

/** Avatar, name and email, with the Founder and You badges and any `extra` beside them. */
export function UserIdentity({ user, extra }: { user: User; extra?: ReactNode }) {
  const me = useAdminSession();
  const name = fullName(user);
  return (
    <div className="user-identity">
      <Tag round large minimal intent={Intent.PRIMARY} aria-hidden>
        {initials(user)}
      </Tag>
      <div className="user-identity__text">
        <div className="admin-inline">
          {name ? (
            <strong className="admin-wrap">{name}</strong>
          ) : (
            <span className={Classes.TEXT_MUTED}>No name</span>
          )}
          {user.isFounder && (
            <Tag intent={Intent.WARNING} icon={IconNames.CROWN} minimal round>
              Founder
            </Tag>
          )}
          {me?.id === user.id && (
            <Tag minimal round>
              You
            </Tag>
          )}
          {extra}
        </div>
        <div className="admin-note admin-wrap">{user.email}</div>
      </div>
    </div>
  );
}

const STATUS_STYLE: Record<UserStatus, { intent: Intent; icon: IconName }> = {
  pending: { intent: Intent.WARNING, icon: IconNames.TIME },
  approved: { intent: Intent.SUCCESS, icon: IconNames.TICK_CIRCLE },
  denied: { intent: Intent.DANGER, icon: IconNames.BAN_CIRCLE },
};

export function UserStatusTag({ status }: { status: UserStatus }) {
  const { intent, icon } = STATUS_STYLE[status];
  return (
    <Tag intent={intent} icon={icon} minimal round>
      {STATUS_LABELS[status]}
    </Tag>
  );
}

/** Approve and Deny for a pending user; nothing for anyone else. */
export function UserApprovalActions({ user, fill = false }: { user: User; fill?: boolean }) {
  const update = useUpdateUserStatus();
  if (user.status !== 'pending') return null;
  const who = fullName(user) ?? user.email;
  const busyWith = update.isPending ? update.variables?.status : undefined;
  return (
    <div className={fill ? 'admin-card-actions' : 'admin-row-actions'}>
      <Button
        size="small"
        intent={Intent.SUCCESS}
        icon={IconNames.TICK}
        text="Approve"
        aria-label={`Approve ${who}`}
        fill={fill}
        loading={busyWith === 'approved'}
        disabled={update.isPending}
        onClick={() => update.mutate({ userId: user.id, status: 'approved' })}
      />
      <Button
        size="small"
        intent={Intent.DANGER}
        variant="outlined"
        icon={IconNames.CROSS}
        text="Deny"
        aria-label={`Deny ${who}`}
        fill={fill}
        loading={busyWith === 'denied'}
        disabled={update.isPending}
        onClick={() => update.mutate({ userId: user.id, status: 'denied' })}
      />
    </div>
  );
}

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as UserRole[]).map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));

/** The role with a lock and the reason it cannot change, on hover and on keyboard focus. */
function LockedRole({ role, reason }: { role: UserRole; reason: string }) {
  return (
    <Tooltip content={reason} placement="top" compact>
      {/* Focusable, so keyboard users get the reason too. */}
      <span className="user-role-locked" tabIndex={0}>
        <Tag icon={IconNames.LOCK} minimal round>
          {ROLE_LABELS[role]}
        </Tag>
        <span className="visually-hidden"> (locked: {reason})</span>
      </span>
    </Tooltip>
  );
}

/**
 * The role: a selector for approved users only. Locked for the founder and for the signed-in
 * admin's own account (the server refuses both); plain text for users who are not approved.
 */
export function UserRoleControl({ user }: { user: User }) {
  const me = useAdminSession();
  const update = useUpdateUserRole();
  const who = fullName(user) ?? user.email;

  if (user.isFounder) return <LockedRole role={user.role} reason="The founder's role cannot be changed" />;
  if (me?.id === user.id) return <LockedRole role={user.role} reason="You cannot change your own role" />;
  if (user.status !== 'approved') {
    return (
      <span className={Classes.TEXT_MUTED} title="The role can be changed once the user is approved">
        {ROLE_LABELS[user.role]}
      </span>
    );
  }

  // While the change is on its way, show the new value rather than snapping back.
  const shown = update.isPending && update.variables ? update.variables.role : user.role;
  return (
    <HTMLSelect
      aria-label={`Role for ${who}`}
      value={shown}
      options={ROLE_OPTIONS}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ userId: user.id, role: event.currentTarget.value as UserRole })}
    />
  );
}

export function UserCreated({ createdAt }: { createdAt: string }) {
  const text = formatDateTime(createdAt);
  return text ? (
    <time dateTime={createdAt} className={Classes.TEXT_MUTED}>
      {text}
    </time>
  ) : (
    <span className={Classes.TEXT_MUTED}>—</span>
  );
}

/**
 * Invite (no password yet) or Reset password, for users who sign in locally: a new one-time link
 * shown once. Nothing for single sign-on and denied users, nor for the founder's password unless
 * the founder asks (the server refuses those).
 */
export function UserInviteAction({ user, fill = false }: { user: AdminUser; fill?: boolean }) {
  const me = useAdminSession();
  const [shown, setShown] = useState<UserInvite | null>(null);
  const issue = useInviteUser({ onIssued: setShown });
  if (user.usesSingleSignOn || user.status === 'denied') return null;
  if (user.isFounder && user.hasPassword && me?.id !== user.id) return null;
  const who = fullName(user) ?? user.email;
  const text = user.hasPassword ? 'Reset password' : 'Invite';
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        icon={user.hasPassword ? IconNames.KEY : IconNames.ENVELOPE}
        text={text}
        aria-label={`${text} for ${who}`}
        fill={fill}
        className={fill ? 'user-invite--fill' : undefined}
        loading={issue.isPending}
        onClick={() => issue.mutate(user.id)}
      />
      <InviteLinkDialog
        shown={shown && { invite: shown, email: user.email }}
        onClose={() => setShown(null)}
      />
    </>
  );
}
