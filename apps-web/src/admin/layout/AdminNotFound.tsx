import { Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useLocation } from 'react-router-dom';
import { LinkButton } from '../../components/LinkButton.js';
import { useAdminTitle } from '../lib/use-admin-title.js';
import { useAdminHref } from '../routing.js';
import { AdminState } from '../components/AdminState.js';

/** An admin path with no screen behind it, shown inside the admin frame. */
export function AdminNotFound() {
  const { pathname } = useLocation();
  const href = useAdminHref();
  useAdminTitle('Page Not Found');
  return (
    <AdminState
      icon={IconNames.SEARCH}
      title="404 Page Not Found"
      description={
        <>
          There is no admin page at <code className="admin-wrap">{pathname}</code>.
        </>
      }
      actions={
        <LinkButton to={href('')} intent={Intent.PRIMARY} icon={IconNames.ARROW_LEFT}>
          Back to the admin portal
        </LinkButton>
      }
    />
  );
}
