import { IconNames } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LinkButton } from '../../../components/LinkButton.js';
import { isUnauthorized } from '../../../lib/api-errors.js';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { useApi } from '../../../platform/platform-context.js';
import { mayHaveVisitorSession, rememberVisitorSession } from '../visitor-session-hint.js';
import { teamQueries } from './team-queries.js';

/**
 * "Assess with your team", opening the invite dialog on /my/team: only for a signed-in visitor whose
 * address forms a team they are in. `signedIn` where the page knows it; elsewhere the team is read
 * only when this browser last knew of a session, so nobody else's browser is refused.
 */
export function AssessWithTeamButton({ signedIn = false }: { signedIn?: boolean }) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const [ask] = useState(() => signedIn || mayHaveVisitorSession());
  const team = useQuery({ ...teamQueries.team(api, language), enabled: ask });
  const refused = isUnauthorized(team.error);
  useEffect(() => {
    if (refused) rememberVisitorSession(false);
  }, [refused]);
  const view = team.data;
  if (!view?.domain || view.membership.left) return null;
  return (
    <LinkButton to="/my/team?invite=1" icon={IconNames.NEW_PERSON}>
      {t('team.assessWithTeam')}
    </LinkButton>
  );
}
