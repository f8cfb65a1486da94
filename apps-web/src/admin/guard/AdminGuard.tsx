import { AnchorButton, Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { CurrentUser } from '@msp/shared/browser';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useApi, usePlatform } from '../../platform/platform-context.js';
import { PublicLinkButton } from '../components/PublicLink.js';
import { actionLink } from '../lib/platform-links.js';
import { useToast } from '../../lib/toasts.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { errorText, isUnauthorized } from '../../lib/api-errors.js';
import { AdminSessionContext, isPortalUser } from '../api/session.js';
import { useAdminTitle } from '../lib/use-admin-title.js';
import { AdminState } from '../components/AdminState.js';
import { currentUserQuery, rememberSignedIn, signedInHereBefore } from '../../lib/use-auth-user.js';
import './AdminGuard.css';

/**
 * Shows its children only to an approved user (of any role: what each sees inside is their role's),
 * and tells everyone else why not. The server enforces the same on every call; this only mirrors it.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const api = useApi();
  const me = useQuery(currentUserQuery(api));
  const { show } = useToast();
  // Read before this visit's answer updates it: a session that ended is news, a first visit is not.
  const [sessionEnded] = useState(signedInHereBefore);

  const signedOut =
    (me.status === 'error' && isUnauthorized(me.error)) || (me.status === 'success' && !me.data);
  const signedOutAt = signedOut ? Math.max(me.errorUpdatedAt, me.dataUpdatedAt) : 0;
  const signedIn = me.status === 'success' && !!me.data;
  // The public pages show their Admin link only in a browser where someone has signed in.
  useEffect(() => {
    if (signedIn || signedOut) rememberSignedIn(signedIn);
  }, [signedIn, signedOut]);
  useEffect(() => {
    // A first visit (or one after signing out) gets the sign-in card alone, not an error as well.
    if (!signedOutAt || !sessionEnded) return;
    show({
      title: 'Authentication Required',
      description: 'Please log in to access the admin portal.',
      intent: Intent.WARNING,
    });
  }, [signedOutAt, sessionEnded, show]);

  if (me.isPending) return <PageSpinner label="Checking your access" />;
  if (signedOut) return <SignInRequired />;
  if (me.status === 'error') {
    return <AccessCheckFailed error={me.error} retrying={me.isFetching} onRetry={() => void me.refetch()} />;
  }
  if (!isPortalUser(me.data)) {
    return (
      <AccessDenied
        user={me.data}
        refreshing={me.isFetching}
        checkedAt={me.dataUpdatedAt}
        onRefresh={() => void me.refetch()}
      />
    );
  }
  return <AdminSessionContext.Provider value={me.data}>{children}</AdminSessionContext.Provider>;
}

/**
 * The sign-in card: where the link leads. When a session ended, the Authentication Required toast
 * comes with it (and the card does not repeat it).
 */
function SignInRequired() {
  useAdminTitle('Authentication Required');
  const platform = usePlatform();
  return (
    <div className="admin-access">
      <AdminState
        framed
        icon={IconNames.LOCK}
        intent={Intent.PRIMARY}
        title="Admin Portal"
        description="Sign in with your administrator account to manage content, submissions and users."
        actions={
          <>
            {/* Leaves the admin for the server's sign-in page, as the host does it. */}
            <AnchorButton
              role="link"
              {...actionLink(platform.signInUrl, () => platform.signIn())}
              intent={Intent.PRIMARY}
              size="large"
              icon={IconNames.LOG_IN}
              text="Login to Admin Portal"
            />
            <PublicLinkButton
              path="/"
              variant="minimal"
              size="large"
              icon={IconNames.HOME}
              text="Return to Home"
            />
          </>
        }
      />
    </div>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function AccessDenied({
  user,
  refreshing,
  checkedAt,
  onRefresh,
}: {
  user: CurrentUser;
  refreshing: boolean;
  checkedAt: number;
  onRefresh: () => void;
}) {
  const pending = user.status === 'pending';
  const title = pending ? 'Account Pending Approval' : 'Admin Access Required';
  useAdminTitle(title);
  return (
    <div className="admin-access">
      <AdminState
        framed
        icon={pending ? IconNames.TIME : IconNames.BLOCKED_PERSON}
        intent={pending ? Intent.WARNING : Intent.DANGER}
        title={title}
        description={
          pending
            ? 'Your account is awaiting admin approval. Please contact an administrator.'
            : 'You need admin privileges to access this area.'
        }
        actions={
          <>
            <Button
              intent={Intent.PRIMARY}
              icon={IconNames.REFRESH}
              loading={refreshing}
              onClick={onRefresh}
              text="Refresh Status"
            />
            <PublicLinkButton path="/" icon={IconNames.HOME} text="Return to Home" />
          </>
        }
      >
        <p className="admin-note admin-wrap">
          Signed in as <strong>{user.email}</strong>. Only approved admins can access admin features.
        </p>
        {/* Announces each re-check, so pressing Refresh Status visibly does something. */}
        <p className="admin-note admin-access__checked" aria-live="polite">
          {checkedAt > 0 && !refreshing ? `Status checked at ${timeFormat.format(checkedAt)}` : ' '}
        </p>
      </AdminState>
    </div>
  );
}

function AccessCheckFailed({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  useAdminTitle('Error');
  return (
    <div className="admin-access">
      <AdminState
        framed
        icon={IconNames.ERROR}
        intent={Intent.DANGER}
        title="Unable to check your access"
        description={
          <>
            The server could not be reached or answered with an error. <code>{errorText(error)}</code>
          </>
        }
        actions={
          <>
            <Button
              intent={Intent.PRIMARY}
              icon={IconNames.REFRESH}
              loading={retrying}
              onClick={onRetry}
              text="Try again"
            />
            <PublicLinkButton path="/" icon={IconNames.HOME} text="Return to Home" />
          </>
        }
      />
    </div>
  );
}
