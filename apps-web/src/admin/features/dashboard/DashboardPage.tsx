import { Alignment, Card, Classes, Icon, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton.js';
import { PublicLinkButton } from '../../components/PublicLink.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useAdminHref } from '../../routing.js';
import { ADMIN_SECTIONS } from '../../sections.js';
import { ContentBackupCard } from './ContentBackupCard.js';
import { dashboardLinks } from './dashboard-links.js';
import { SetupWarnings } from './SetupWarnings.js';
import { StatsOverview } from './StatsOverview.js';
import './dashboard.css';

/** Content Management System (/admin): counts, the way to every screen, quick actions and backup. */
export default function DashboardPage() {
  useAdminTitle('Content Management System');
  const href = useAdminHref();
  const links = dashboardLinks(ADMIN_SECTIONS);
  const has = (path: string) => ADMIN_SECTIONS.some((section) => section.path === path);

  return (
    <div className="dashboard-page">
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Content Management System</h1>
          <p className="admin-page-header__description">
            Manage the pillars, questions and content of the maturity assessment, and see how it is used.
          </p>
        </div>
      </header>

      <SetupWarnings />

      <StatsOverview />

      <div className="dashboard-columns">
        <section aria-labelledby="dashboard-manage-heading">
          <h2 id="dashboard-manage-heading" className="admin-title admin-title--head">
            Manage
          </h2>
          <ul className="admin-list admin-list--grid dashboard-links">
            {links.map((link) => (
              <li key={link.path}>
                <Link
                  to={href(link.path)}
                  className={`${Classes.CARD} ${Classes.INTERACTIVE} ${Classes.ELEVATION_0} dashboard-link`}
                >
                  <Icon icon={link.icon} size={20} intent={Intent.PRIMARY} aria-hidden />
                  <span className="dashboard-link__text">
                    <strong>{link.title}</strong>
                    <span className="admin-note">{link.description}</span>
                  </span>
                  <Icon icon={IconNames.CHEVRON_RIGHT} className={Classes.TEXT_MUTED} aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <div className="dashboard-side">
          <Card className="admin-card" role="region" aria-labelledby="dashboard-actions-heading">
            <h2 id="dashboard-actions-heading" className="admin-title admin-title--head">
              Quick actions
            </h2>
            <div className="admin-list">
              {has('pillars') && (
                <LinkButton
                  to={`${href('pillars')}?new=1`}
                  intent={Intent.PRIMARY}
                  icon={IconNames.NEW_LAYER}
                  text="Add New Pillar"
                  alignText={Alignment.START}
                  fill
                />
              )}
              {has('questions') && (
                <LinkButton
                  to={`${href('questions')}?new=1`}
                  intent={Intent.PRIMARY}
                  variant="outlined"
                  icon={IconNames.ADD}
                  text="Add New Question"
                  alignText={Alignment.START}
                  fill
                />
              )}
              {/* The visitor's view of the current content, beside the portal. */}
              <PublicLinkButton
                path="/"
                newTab
                variant="outlined"
                icon={IconNames.EYE_OPEN}
                endIcon={IconNames.SHARE}
                text="Preview Assessment"
                alignText={Alignment.START}
                fill
              />
            </div>
          </Card>
          <ContentBackupCard />
        </div>
      </div>
    </div>
  );
}
