import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton.js';
import { hasStatus } from '../../../lib/api-errors.js';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { publicQueries, visitorHistoryKey } from '../../../lib/public-queries.js';
import { useApi } from '../../../platform/platform-context.js';
import { assessmentDraftAtom } from '../../assessment/draft.js';
import { SiteHeader } from '../../layout/SiteHeader.js';
import { usePageTitle } from '../../layout/usePageTitle.js';
import { rememberVisitorSession } from '../visitor-session-hint.js';
import { tokenFromHash } from './token-from-hash.js';
import { teamKey } from './team-queries.js';
import '../my.css';

/**
 * Where a team invite's link lands (/team/join#token=…). As with the sign-in link, the token is
 * spent only when the person presses Continue, not by a mail scanner opening the link. Spent, it
 * has started their visitor session and says what their assessment starts from: the company's
 * answers, their address and role. The assessment opens with those filled in.
 */
export default function JoinTeamPage() {
  const api = useApi();
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setDraft = useSetAtom(assessmentDraftAtom);
  const config = useQuery(publicQueries.config(api, language)).data;
  usePageTitle(config ? t('team.join.pageTitle', { productName: config.productName }) : t('team.join.title'));
  // Read once: the fragment leaves the address bar so the token is not kept in the history.
  const [token] = useState(() => {
    const found = typeof window === 'undefined' ? null : tokenFromHash(window.location.hash);
    if (found)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    return found;
  });
  const accept = useMutation({
    mutationFn: (value: string) => api.call('acceptTeamInvite', { body: { token: value } }),
    onSuccess: async (accepted) => {
      rememberVisitorSession(true);
      // A session started: whatever this browser held of another visitor's is stale.
      await Promise.all([
        queryClient.resetQueries({ queryKey: visitorHistoryKey }),
        queryClient.resetQueries({ queryKey: teamKey }),
      ]);
      // A fresh start from the company's answers; answers of a draft already begun stay.
      setDraft((draft) => ({
        ...draft,
        step: 'demographics',
        demographics: { ...accepted.demographics },
        teamInviteId: accepted.inviteId,
      }));
      // The invite was written in the inviter's language; a language the page cannot load stays as is.
      await setLanguage(accepted.language).catch(() => undefined);
      navigate(`/assessment?lang=${encodeURIComponent(accepted.language)}`, { replace: true });
    },
  });
  const spent = !token || hasStatus(accept.error, 400) || hasStatus(accept.error, 404);

  return (
    <div className="page my-page">
      <SiteHeader />
      <main className="page__main my-page__main">
        <h1 className="my-page__title">{t('team.join.title')}</h1>
        {spent ? (
          <Callout intent={Intent.WARNING} icon={IconNames.TIME} className="my-continue" role="alert">
            <p>{t('team.join.expired')}</p>
            <LinkButton to="/my" icon={IconNames.ENVELOPE}>
              {t('team.join.signInLink')}
            </LinkButton>
          </Callout>
        ) : (
          <Card className="my-continue">
            <p>{t('team.join.text')}</p>
            {accept.isError && (
              <Callout intent={Intent.DANGER} icon={IconNames.ERROR} className="my-notice" role="alert">
                {t('team.join.failed')}
              </Callout>
            )}
            <Button
              intent={Intent.PRIMARY}
              icon={IconNames.PEOPLE}
              loading={accept.isPending || accept.isSuccess}
              onClick={() => accept.mutate(token)}
              autoFocus
            >
              {t('team.join.continue')}
            </Button>
          </Card>
        )}
      </main>
    </div>
  );
}
