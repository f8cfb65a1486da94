import { IconNames } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../../../components/LinkButton.js';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { useApi } from '../../../platform/platform-context.js';
import { teamQueries } from './team-queries.js';

/**
 * "Assess with your team", opening the invite dialog on /my/team: only for a signed-in visitor whose
 * address forms a team they are in. Anyone else (signed out: the read answers 401) sees nothing.
 */
export function AssessWithTeamButton({ className }: { className?: string }) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const team = useQuery(teamQueries.team(api, language)).data;
  if (!team?.domain || team.membership.left) return null;
  return (
    <LinkButton to="/my/team?invite=1" icon={IconNames.NEW_PERSON} className={className}>
      {t('team.assessWithTeam')}
    </LinkButton>
  );
}
