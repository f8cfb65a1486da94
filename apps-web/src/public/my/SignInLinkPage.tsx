import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasStatus } from '../../lib/api-errors.js';
import { useT } from '../../lib/i18n/i18n-context.js';
import { visitorHistoryKey } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { SiteHeader } from '../layout/SiteHeader.js';
import { RequestLinkForm } from './RequestLinkForm.js';
import { useMyPageTitle } from './use-my-page-title.js';
import { rememberVisitorSession } from './visitor-session-hint.js';
import './my.css';

/** The token of an emailed link, from the address's fragment (which never reaches a server or a log). */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * Where an emailed sign-in link lands (/my/sign-in#token=…). The token is spent only when the
 * visitor presses Continue: mail scanners that open every link in a message would otherwise use
 * it up before the person does. Then on to "Your assessments".
 */
export default function SignInLinkPage() {
  const api = useApi();
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useMyPageTitle();
  // Read once: the fragment is cleared from the address bar so the token is not left in history.
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
  const start = useMutation({
    mutationFn: (value: string) => api.call('startVisitorSession', { body: { token: value } }),
    onSuccess: async () => {
      rememberVisitorSession(true);
      await queryClient.resetQueries({ queryKey: visitorHistoryKey });
      navigate('/my', { replace: true });
    },
  });
  const spent = !token || hasStatus(start.error, 400);

  return (
    <div className="page my-page">
      <SiteHeader />
      <main className="page__main my-page__main">
        <h1 className="my-page__title">{t('my.link.heading')}</h1>
        {spent ? (
          <>
            <Callout intent={Intent.WARNING} icon={IconNames.TIME} className="my-notice" role="alert">
              {t('my.link.expired')}
            </Callout>
            <RequestLinkForm />
          </>
        ) : (
          <Card className="my-continue">
            <p>{t('my.link.text')}</p>
            {start.isError && (
              <Callout intent={Intent.DANGER} icon={IconNames.ERROR} className="my-notice" role="alert">
                {t('my.loadFailed')}
              </Callout>
            )}
            <Button
              intent={Intent.PRIMARY}
              icon={IconNames.LOG_IN}
              loading={start.isPending}
              onClick={() => start.mutate(token)}
              autoFocus
            >
              {t('my.link.continue')}
            </Button>
          </Card>
        )}
      </main>
    </div>
  );
}
