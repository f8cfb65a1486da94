import { Button, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { lazy, Suspense, useState } from 'react';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { AdminPanel } from '../../components/AdminPanel.js';
import { useUsers } from './queries.js';
import { UsersCards, UsersSkeleton, UsersTable } from './UsersList.js';
import './users.css';
import { LoadFailedState } from '../../components/LoadFailedState.js';

// The form and its validation load when the dialog is first wanted.
const loadAddUserDialog = () => import('./AddUserDialog.js');
const AddUserDialog = lazy(loadAddUserDialog);

/** Below this width the table becomes a list of cards. */
const NARROW = '(max-width: 720px)';

/** User Management (/admin/users): every account, approvals, roles and new users. */
export default function UsersPage() {
  useAdminTitle('User Management');
  const users = useUsers();
  useQueryErrorToast(users, 'Failed to fetch users');
  const narrow = useMediaQuery(NARROW);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from the first opening on, so closing can animate and reopening is instant.
  const [dialogMounted, setDialogMounted] = useState(false);

  const openDialog = () => {
    setDialogMounted(true);
    setDialogOpen(true);
  };

  const addUserButton = (
    <Button
      intent={Intent.PRIMARY}
      icon={IconNames.NEW_PERSON}
      text="Add User"
      onClick={openDialog}
      onMouseEnter={() => void loadAddUserDialog()}
      onFocus={() => void loadAddUserDialog()}
    />
  );

  let content;
  if (users.isPending) {
    content = <UsersSkeleton />;
  } else if (users.isError) {
    content = (
      <LoadFailedState
        title="Failed to fetch users"
        description={<code className="admin-error-text">{errorText(users.error)}</code>}
        query={users}
      />
    );
  } else if (users.data.length === 0) {
    content = (
      <AdminState
        headingLevel={2}
        icon={IconNames.PEOPLE}
        title="No users yet"
        description="Add the first user to give someone access to the admin portal."
        actions={addUserButton}
      />
    );
  } else {
    content = narrow ? <UsersCards users={users.data} /> : <UsersTable users={users.data} />;
  }

  const total = users.data?.length ?? 0;
  const pending = users.data?.filter((user) => user.status === 'pending').length ?? 0;

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">User Management</h1>
          <p className="admin-page-header__description">
            Approve new accounts, choose each person’s role and add users. A User reads the submissions and
            their leads, Sales also works the leads (status, owner, next step, notes), and an Admin runs the
            whole portal.
          </p>
        </div>
        {addUserButton}
      </header>

      <AdminPanel bare={narrow} role="region" aria-labelledby="users-heading">
        <div className="admin-panel__header">
          <h2 id="users-heading" className="admin-title">
            System users
          </h2>
          {users.isSuccess && total > 0 && (
            <p className="admin-note">
              {total} {total === 1 ? 'user' : 'users'}
              {pending > 0 && (
                <>
                  {' · '}
                  <Tag minimal intent={Intent.WARNING}>
                    {pending} awaiting approval
                  </Tag>
                </>
              )}
            </p>
          )}
        </div>
        {content}
      </AdminPanel>

      {dialogMounted && (
        <Suspense fallback={null}>
          <AddUserDialog isOpen={dialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
