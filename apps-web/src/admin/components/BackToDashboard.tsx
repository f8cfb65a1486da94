import { IconNames } from '@blueprintjs/icons';
import { LinkButton } from '../../components/LinkButton.js';
import { useAdminHref } from '../routing.js';
import './BackToDashboard.css';

/**
 * The way back for a screen without a tab (API keys, API docs), which is reached from a
 * dashboard card: no tab is highlighted there, so the screen says where it hangs.
 */
export function BackToDashboard() {
  const href = useAdminHref();
  return (
    <LinkButton
      to={href('')}
      icon={IconNames.ARROW_LEFT}
      text="Dashboard"
      variant="minimal"
      size="small"
      className="admin-back-link"
    />
  );
}
