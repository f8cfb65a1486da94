import { AnchorButton, Icon, Intent, Navbar, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { CurrentUser } from '@msp/shared/browser';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo.js';
import { ThemeSwitch } from '../../components/ThemeSwitch.js';
import { LOGOUT_PATH } from '../api/navigation.js';
import { displayName } from '../api/session.js';

/**
 * The admin top bar: logo (home) and "Admin Portal"; once someone is signed in, who it is with
 * their Admin and Pending Approval badges, and Logout; the theme switch always.
 */
export function AdminTopBar({ user }: { user: CurrentUser | null }) {
  return (
    <Navbar className="admin-topbar" role="banner">
      <div className="admin-topbar__inner">
        <div className="admin-topbar__brand">
          <Link to="/" className="admin-topbar__logo" aria-label="Home">
            <Logo />
          </Link>
          <span className="admin-topbar__title">Admin Portal</span>
        </div>
        {user && (
          <div className="admin-topbar__user" aria-label="Signed in user">
            <Icon icon={IconNames.USER} className="admin-topbar__user-icon" aria-hidden />
            <span className="admin-topbar__name" title={user.email}>
              {displayName(user)}
            </span>
            {user.role === 'admin' && (
              <Tag intent={Intent.PRIMARY} minimal round>
                Admin
              </Tag>
            )}
            {user.status === 'pending' && (
              <Tag intent={Intent.WARNING} minimal round>
                Pending Approval
              </Tag>
            )}
          </div>
        )}
        <div className="admin-topbar__actions">
          <ThemeSwitch />
          {user && (
            // A full-page navigation: the server ends the session and redirects to /.
            <AnchorButton
              role="link"
              href={LOGOUT_PATH}
              variant="minimal"
              icon={IconNames.LOG_OUT}
              text="Logout"
              className="admin-topbar__logout"
            />
          )}
        </div>
      </div>
    </Navbar>
  );
}
