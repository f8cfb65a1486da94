import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminSectionPath } from './sections.js';

type LazyScreen = LazyExoticComponent<ComponentType>;

/**
 * The page of each admin section (`sections.ts`), by its path, loaded on demand so each screen is
 * its own chunk. Kept apart from the section list because the dashboard, one of these screens,
 * reads that list: registering the pages there made a circle.
 */
export const ADMIN_SCREENS: Readonly<Record<AdminSectionPath, LazyScreen>> = {
  '': lazy(() => import('./features/dashboard/DashboardPage.js')),
  submissions: lazy(() => import('./features/submissions/SubmissionsPage.js')),
  drafts: lazy(() => import('./features/drafts/DraftsPage.js')),
  organisations: lazy(() => import('./features/organisations/OrganisationsPage.js')),
  'personal-data': lazy(() => import('./features/personal-data/PersonalDataPage.js')),
  pillars: lazy(() => import('./features/pillars/PillarsPage.js')),
  questions: lazy(() => import('./features/questions/QuestionsPage.js')),
  'demographic-fields': lazy(() => import('./features/demographic-fields/DemographicFieldsPage.js')),
  matrix: lazy(() => import('./features/matrix/MatrixPage.js')),
  analytics: lazy(() => import('./features/analytics/AnalyticsPage.js')),
  'email-templates': lazy(() => import('./features/email-templates/EmailTemplatesPage.js')),
  translations: lazy(() => import('./features/translations/TranslationsPage.js')),
  users: lazy(() => import('./features/users/UsersPage.js')),
  integrations: lazy(() => import('./features/integrations/IntegrationsPage.js')),
  settings: lazy(() => import('./features/settings/SettingsPage.js')),
  'api-keys': lazy(() => import('./features/api-keys/ApiKeysPage.js')),
  'api-docs': lazy(() => import('./features/api-docs/ApiDocsPage.js')),
  audit: lazy(() => import('./features/audit/AuditLogPage.js')),
  profile: lazy(() => import('./features/profile/ProfilePage.js')),
};
