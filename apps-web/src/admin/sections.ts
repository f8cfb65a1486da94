import { IconNames, type IconName } from '@blueprintjs/icons';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One screen of the admin portal. */
export interface AdminSection {
  /** Path below the admin base path; '' is the dashboard at the base path itself. */
  path: string;
  /** Tab label (spec 2). */
  label: string;
  icon: IconName;
  /** Whether the screen has a tab; API keys and API docs have none (spec 2). */
  tab: boolean;
  /** The screen, loaded on demand so each one is its own chunk. */
  Page: LazyExoticComponent<ComponentType>;
}

/**
 * The admin screens, in the tab order of the spec: Dashboard, Submissions, Pillars, Questions,
 * Demographics, Matrix, Analytics, Email Templates, Users; then the screens without a tab, reached
 * from the dashboard. Only screens that exist are listed: adding one is one entry here, in its
 * place in that order.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: '',
    label: 'Dashboard',
    icon: IconNames.DASHBOARD,
    tab: true,
    Page: lazy(() => import('./features/dashboard/DashboardPage.js')),
  },
  {
    path: 'submissions',
    label: 'Submissions',
    icon: IconNames.INBOX,
    tab: true,
    Page: lazy(() => import('./features/submissions/SubmissionsPage.js')),
  },
  {
    path: 'pillars',
    label: 'Pillars',
    icon: IconNames.LAYERS,
    tab: true,
    Page: lazy(() => import('./features/pillars/PillarsPage.js')),
  },
  {
    path: 'questions',
    label: 'Questions',
    icon: IconNames.HELP,
    tab: true,
    Page: lazy(() => import('./features/questions/QuestionsPage.js')),
  },
  {
    path: 'demographic-fields',
    label: 'Demographics',
    icon: IconNames.FORM,
    tab: true,
    Page: lazy(() => import('./features/demographics/DemographicFieldsPage.js')),
  },
  {
    path: 'matrix',
    label: 'Matrix',
    icon: IconNames.HEAT_GRID,
    tab: true,
    Page: lazy(() => import('./features/matrix/MatrixPage.js')),
  },
  {
    path: 'analytics',
    label: 'Analytics',
    icon: IconNames.TIMELINE_LINE_CHART,
    tab: true,
    Page: lazy(() => import('./features/analytics/AnalyticsPage.js')),
  },
  {
    path: 'email-templates',
    label: 'Email Templates',
    icon: IconNames.ENVELOPE,
    tab: true,
    Page: lazy(() => import('./features/email-templates/EmailTemplatesPage.js')),
  },
  {
    path: 'users',
    label: 'Users',
    icon: IconNames.PEOPLE,
    tab: true,
    Page: lazy(() => import('./features/users/UsersPage.js')),
  },
  {
    path: 'api-keys',
    label: 'API Keys',
    icon: IconNames.KEY,
    tab: false,
    Page: lazy(() => import('./features/api-keys/ApiKeysPage.js')),
  },
  {
    path: 'api-docs',
    label: 'API Docs',
    icon: IconNames.BOOK,
    tab: false,
    Page: lazy(() => import('./features/api-docs/ApiDocsPage.js')),
  },
];
