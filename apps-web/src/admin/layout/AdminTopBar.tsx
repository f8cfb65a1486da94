import { Alignment, AnchorButton, Classes, Icon, Intent, Navbar, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { CurrentUser } from '@msp/shared/browser';
import { Logo } from '../../components/Logo.js';
import { ThemeSwitch } from '../../components/ThemeSwitch.js';
import { usePlatform } from '../../platform/platform-context.js';
import { PublicLink } from '../components/PublicLink.js';
import { actionLink } from '../lib/platform-links.js';
import { userCan } from '@msp/shared/browser';
import { displayName } from '../api/session.js';
import { Link } from 'react-router-dom';
import { useAdminHref } from '../routing.js';

/**
 * The admin top bar: logo (home) and "Admin Portal"; once someone is signed in, who it is with
 * their role's badge (Admin, Sales) and Pending Approval, and Logout; the theme switch always.
 */
export function AdminTopBar({ user }: { user: CurrentUser | null }) {
  const platform = usePlatform();
  const href = useAdminHref();
  return (
    // The public pages' header (styles/global.css), at the admin's width.
    <Navbar className="site-header admin-topbar" role="banner">
      <div className="site-header__inner">
        <Navbar.Group align={Alignment.START} className="site-header__brand">
          <PublicLink path="/" className="site-header__logo" aria-label="Home">
            <Logo />
          </PublicLink>
          <span className="admin-topbar__title">Admin Portal</span>
        </Navbar.Group>
        {user && (
          <div className="admin-topbar__user" aria-label="Signed in user">
            <Icon icon={IconNames.USER} className={Classes.TEXT_MUTED} aria-hidden />
            {userCan(user, 'read-leads') ? (
              // Their own page: which emails they get about leads.
              <Link
                to={href('profile')}
                className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} admin-topbar__name`}
                title={`${user.email}: my notifications`}
              >
                {displayName(user)}
              </Link>
            ) : (
              <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} admin-topbar__name`} title={user.email}>
                {displayName(user)}
              </span>
            )}
            {user.role !== 'user' && (
              <Tag intent={Intent.PRIMARY} minimal round className="admin-topbar__badge">
                {user.role === 'admin' ? 'Admin' : 'Sales'}
              </Tag>
            )}
            {user.status === 'pending' && (
              <Tag intent={Intent.WARNING} minimal round className="admin-topbar__badge">
                Pending Approval
              </Tag>
            )}
          </div>
        )}
        <Navbar.Group align={Alignment.END} className="admin-topbar__actions">
          <ThemeSwitch />
          {user && (
            // The host ends the session (in the browser, the server's logout page redirects to /).
            <AnchorButton
              role="link"
              {...actionLink(platform.signOutUrl, () => platform.signOut())}
              variant="minimal"
              className="admin-topbar__logout"
              icon={IconNames.LOG_OUT}
              text="Logout"
            />
          )}
        </Navbar.Group>
      </div>
    </Navbar>
  );
}
