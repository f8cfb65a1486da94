import { renderDocument } from './render.js';
import { callToAction } from './sections.js';
import { teamCover, teamMembers, teamPillars, teamQuestions, teamRolesAndHistory } from './team-sections.js';
import type { TeamReportInput } from './team-types.js';

/**
 * The team report of one organisation, drawn from its input alone: the cover with the team's
 * level, the pillars' means and spread, the roles and the months, the questions the team
 * disagreed on most, the members it may name, and the provider's call to action as the personal
 * report ends, with the domain, date and page on every page.
 */
export function renderTeamReport(input: TeamReportInput): Promise<Buffer> {
  const { t, organisation } = input;
  return renderDocument(input, {
    title: t('report.team.documentTitle', { productName: input.productName, domain: organisation.domain }),
    subject: t('report.team.title'),
    footer: (page, pages) =>
      t('report.team.footer', { domain: organisation.domain, date: organisation.date, page, pages }),
    sections: [teamCover, teamPillars, teamRolesAndHistory, teamQuestions, teamMembers, callToAction],
  });
}
