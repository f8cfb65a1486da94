import type { IconName } from '@blueprintjs/icons';
import type { AdminSection } from '../../sections.js';

/** What the dashboard says about a screen it links to. */
interface ScreenSummary {
  title: string;
  description: string;
}

/**
 * The screens the dashboard links to, in its order, each with a line about what it is
 * for. The matrix and email templates are listed too, so every content screen is one click away.
 */
const SCREEN_SUMMARIES: Readonly<Record<string, ScreenSummary>> = {
  pillars: {
    title: 'Pillars',
    description: 'The maturity pillars: names, descriptions, order and which ones are active.',
  },
  questions: {
    title: 'Questions',
    description: 'Assessment questions, their answers and the points each answer gives per pillar.',
  },
  analytics: {
    title: 'Analytics',
    description: 'Submissions per month and the average maturity score of each pillar.',
  },
  'demographic-fields': {
    title: 'Demographic Fields',
    description: 'What visitors are asked about themselves and their MSP before the questions.',
  },
  matrix: {
    title: 'Maturity Matrix',
    description: 'What each pillar looks like at each of the four maturity levels.',
  },
  'email-templates': {
    title: 'Email Templates',
    description: 'The results email sent to visitors after they complete the assessment.',
  },
  users: {
    title: 'Users',
    description: 'Approve new accounts, choose each person’s role and add users.',
  },
  submissions: {
    title: 'Submissions',
    description: 'Completed assessments: scores, answers, exports and webhook deliveries.',
  },
  drafts: {
    title: 'In progress',
    description: 'Assessments visitors saved to continue later: who, since when and how far they got.',
  },
  'personal-data': {
    title: 'Personal Data',
    description: "One person's submissions by email address: download them all, or delete them all.",
  },
  settings: {
    title: 'Settings',
    description:
      "The provider's name and links, the call to action, the email sender and the question order.",
  },
  'api-keys': {
    title: 'API Keys',
    description: 'Keys that let other systems read data through the public API.',
  },
  'api-docs': {
    title: 'API Documentation',
    description: 'Endpoints, authentication and the OpenAPI specification for key holders.',
  },
  audit: {
    title: 'Audit Log',
    description: 'Who changed or exported what, when and from where; records cannot be edited.',
  },
};

export interface DashboardLink extends ScreenSummary {
  path: string;
  icon: IconName;
}

/**
 * The dashboard's links: only to screens that exist, so a link never leads nowhere, in the order
 * above. A screen joins the dashboard as soon as it joins the admin sections.
 */
export function dashboardLinks(sections: readonly AdminSection[]): DashboardLink[] {
  const byPath = new Map(sections.map((section) => [section.path, section]));
  return Object.entries(SCREEN_SUMMARIES).flatMap(([path, summary]) => {
    const section = byPath.get(path);
    return section ? [{ path, icon: section.icon, ...summary }] : [];
  });
}
