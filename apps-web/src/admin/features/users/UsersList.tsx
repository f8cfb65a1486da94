import { Card, Classes, HTMLTable } from '@blueprintjs/core';
import type { AdminUser } from '@msp/shared/browser';
import {
  UserApprovalActions,
  UserCreated,
  UserIdentity,
  UserInviteAction,
  UserRoleControl,
  UserStatusTag,
} from './UserCells.js';

/** The users as a table: one row each, with the role selector and approval buttons in place. */
export function UsersTable({ users }: { users: readonly AdminUser[] }) {
  return (
    <div className="admin-table-wrap">
      <HTMLTable className="admin-table" interactive>
        <caption className="visually-hidden">System users</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Sign-in link</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <UserIdentity user={user} />
              </td>
              <td>
                <UserRoleControl user={user} />
              </td>
              <td>
                <div className="admin-inline">
                  <UserStatusTag status={user.status} />
                  <UserApprovalActions user={user} />
                </div>
              </td>
              <td className="admin-nowrap">
                <UserCreated createdAt={user.createdAt} />
              </td>
              <td className="admin-nowrap">
                <UserInviteAction user={user} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The users as stacked cards, for narrow screens. */
export function UsersCards({ users }: { users: readonly AdminUser[] }) {
  return (
    <ul className="admin-cards" aria-label="System users">
      {users.map((user) => (
        <li key={user.id}>
          <Card className="admin-item-card">
            <UserIdentity user={user} extra={<UserStatusTag status={user.status} />} />
            <dl className="admin-facts user-card__facts">
              <div>
                <dt>Role</dt>
                <dd>
                  <UserRoleControl user={user} />
                </dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>
                  <UserCreated createdAt={user.createdAt} />
                </dd>
              </div>
            </dl>
            <UserApprovalActions user={user} fill />
            <UserInviteAction user={user} fill />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Placeholder rows while the list loads, shaped like the table. */
export function UsersSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="skeleton-rows" role="status" aria-label="Loading users">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="admin-dialog__row" aria-hidden>
          <span className={`skeleton-line ${Classes.SKELETON}`} />
          <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
        </div>
      ))}
    </div>
  );
}
