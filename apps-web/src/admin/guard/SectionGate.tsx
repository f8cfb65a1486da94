import { Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { PortalPermission } from '@msp/shared/browser';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LinkButton } from '../../components/LinkButton.js';
import { usePermission } from '../api/session.js';
import { AdminState } from '../components/AdminState.js';
import { useAdminTitle } from '../lib/use-admin-title.js';
import { useAdminHref } from '../routing.js';

/**
 * One screen, for a user whose role permits it; for anyone else in the portal (a salesperson on an
 * admin's screen, by a link or an old bookmark) why not, and the way to the lead desk. The server
 * refuses their calls the same way; this keeps the screen from loading only to fail.
 */
export function SectionGate({ permission, children }: { permission: PortalPermission; children: ReactNode }) {
  return usePermission(permission) ? children : <NotForYourRole />;
}

/** The portal's home: the dashboard for an admin, the lead desk for every other role. */
export function PortalHome({ dashboard }: { dashboard: ReactNode }) {
  const href = useAdminHref();
  return usePermission('admin') ? dashboard : <Navigate to={href('submissions')} replace />;
}

function NotForYourRole() {
  const href = useAdminHref();
  useAdminTitle('Admin Access Required');
  return (
    <AdminState
      icon={IconNames.BLOCKED_PERSON}
      intent={Intent.WARNING}
      title="Admin Access Required"
      description="You need admin privileges to access this area. Your role opens the submissions and your notifications."
      actions={
        <LinkButton to={href('submissions')} intent={Intent.PRIMARY} icon={IconNames.INBOX}>
          Go to submissions
        </LinkButton>
      }
    />
  );
}
