import { IconNames, type IconName } from '@blueprintjs/icons';
import type { PortalPermission } from '@msp/shared/browser';

/**
 * One screen of the admin portal as the tabs and the dashboard show it. Only data: the screens
 * themselves are registered in `screens.ts`, so the dashboard can list the sections without
 * importing itself back.
 */
export interface AdminSection {
  /** Path below the admin base path; '' is the dashboard at the base path itself. */
  path: string;
  /** Tab label. */
  label: string;
  icon: IconName;
  /** Whether the screen has a tab in the admin navigation. */
  tab: boolean;
  /** What the user's role must permit for the screen to open (the lead desk's reads for every role). */
  permission: PortalPermission;
}

/**
 * The admin screens, in the tab order admins know: Dashboard, Submissions, Pillars, Questions,
 * Demographics, Matrix, Analytics, Email Templates, Translations (every visitor-facing text of those, by language), Users; then Integrations (what the server is
 * configured to do), Settings (what an admin sets of the same: the provider, its links, the sender), API Keys and API Docs, which were once
 * reached only from the dashboard and which have tabs like every other section now, so an
 * admin on them sees where they are. In progress follows Submissions: the assessments visitors saved
 * to finish later; Organisations the company domains their people assessed from, together. Personal Data follows them: it finds, exports and
 * erases one person's submissions. Only screens that exist are listed: adding one is one entry here, in its
 * place in that order, and its page in `screens.ts`. The Audit Log comes last: it reads every other.
 */
export const ADMIN_SECTIONS = [
  {
    path: '',
    label: 'Dashboard',
    icon: IconNames.DASHBOARD,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'submissions',
    label: 'Submissions',
    icon: IconNames.INBOX,
    tab: true,
    permission: 'read-leads',
  },
  {
    path: 'drafts',
    label: 'In progress',
    icon: IconNames.TIME,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'organisations',
    label: 'Organisations',
    icon: IconNames.OFFICE,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'personal-data',
    label: 'Personal Data',
    icon: IconNames.ID_NUMBER,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'pillars',
    label: 'Pillars',
    icon: IconNames.LAYERS,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'questions',
    label: 'Questions',
    icon: IconNames.HELP,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'demographic-fields',
    label: 'Demographics',
    icon: IconNames.FORM,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'matrix',
    label: 'Matrix',
    icon: IconNames.HEAT_GRID,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'analytics',
    label: 'Analytics',
    icon: IconNames.TIMELINE_LINE_CHART,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'email-templates',
    label: 'Email Templates',
    icon: IconNames.ENVELOPE,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'translations',
    label: 'Translations',
    icon: IconNames.TRANSLATE,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'users',
    label: 'Users',
    icon: IconNames.PEOPLE,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'integrations',
    label: 'Integrations',
    icon: IconNames.DATA_CONNECTION,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'settings',
    label: 'Settings',
    icon: IconNames.COG,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'api-keys',
    label: 'API Keys',
    icon: IconNames.KEY,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'api-docs',
    label: 'API Docs',
    icon: IconNames.BOOK,
    tab: true,
    permission: 'admin',
  },
  {
    path: 'audit',
    label: 'Audit Log',
    icon: IconNames.HISTORY,
    tab: true,
    permission: 'admin',
  },
  // Each admin's own: reached from their name in the top bar, not a tab of the team's screens.
  {
    path: 'profile',
    label: 'My notifications',
    icon: IconNames.NOTIFICATIONS,
    tab: false,
    permission: 'read-leads',
  },
] as const satisfies readonly AdminSection[];

/** The path of an admin section, the key its page is registered under in `screens.ts`. */
export type AdminSectionPath = (typeof ADMIN_SECTIONS)[number]['path'];
