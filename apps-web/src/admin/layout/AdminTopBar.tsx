import { AnchorButton, Icon, Intent, Navbar, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { CurrentUser } from '@msp/shared/browser';
import { Logo } from '../../components/Logo.js';
import { ThemeSwitch } from '../../components/ThemeSwitch.js';
import { usePlatform } from '../../platform/platform-context.js';
import { PublicLink } from '../components/PublicLink.js';
import { actionLink } from '../lib/platform-links.js';
import { displayName } from '../api/session.js';

/**
 * The admin top bar: logo (home) and "Admin Portal"; once someone is signed in, who it is with
 * their Admin and Pending Approval badges, and Logout; the theme switch always.
 */
export function AdminTopBar({ user }: { user: CurrentUser | null }) {
  const platform = usePlatform();
  return (
    <Navbar className="admin-topbar" role="banner">
      <div className="admin-topbar__inner">
        <div className="admin-topbar__brand">
          <PublicLink path="/" className="admin-topbar__logo" aria-label="Home">
            <Logo />
          </PublicLink>
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
            // The host ends the session (in the browser, the server's logout page redirects to /).
            <AnchorButton
              role="link"
              {...actionLink(platform.signOutUrl, () => platform.signOut())}
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
