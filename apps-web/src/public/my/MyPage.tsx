import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isUnauthorized } from '../../lib/api-errors.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { publicQueries, visitorHistoryKey } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { SiteHeader } from '../layout/SiteHeader.js';
import { HistoryView } from './HistoryView.js';
import { RequestLinkForm } from './RequestLinkForm.js';
import { useMyPageTitle } from './use-my-page-title.js';
import { rememberVisitorSession } from './visitor-session-hint.js';
import './my.css';

/**
 * "Your assessments" (/my): signed in with an emailed link, the visitor's history; otherwise the
 * form that emails the link.
 */
export default function MyPage() {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const history = useQuery(publicQueries.visitorHistory(api, language));
  const [signedOut, setSignedOut] = useState<'signed-out' | 'erased' | false>(false);
  useMyPageTitle();
  // What this page learns of the session is what other pages go by (visitor-session-hint.ts).
  const known = history.data ? true : isUnauthorized(history.error) ? false : undefined;
  useEffect(() => {
    if (known !== undefined) rememberVisitorSession(known);
  }, [known]);
  const signOut = useMutation({
    mutationFn: () => api.call('endVisitorSession'),
    onSuccess: () => {
      setSignedOut('signed-out');
      // Asked again, the history answers 401: the page turns to the form.
      void queryClient.resetQueries({ queryKey: visitorHistoryKey });
    },
  });
  const erase = useMutation({
    mutationFn: () => api.call('deleteVisitorHistory'),
    onSuccess: () => {
      setSignedOut('erased');
      window.scrollTo({ top: 0 });
      void queryClient.resetQueries({ queryKey: visitorHistoryKey });
    },
  });

  let content;
  if (history.isPending) {
    content = (
      <div className="my-state" role="status" aria-label={t('my.loading')}>
        <Spinner size={32} aria-hidden />
      </div>
    );
  } else if (history.data) {
    content = (
      <HistoryView
        history={history.data}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
        erase={{ pending: erase.isPending, failed: erase.isError, start: () => erase.mutate() }}
      />
    );
  } else if (isUnauthorized(history.error)) {
    content = (
      <>
        {signedOut && (
          <Callout
            intent={Intent.SUCCESS}
            icon={signedOut === 'erased' ? IconNames.TRASH : IconNames.LOG_OUT}
            className="my-notice"
            role="status"
          >
            {t(signedOut === 'erased' ? 'my.erase.done' : 'my.signedOut')}
          </Callout>
        )}
        <RequestLinkForm />
      </>
    );
  } else {
    content = (
      <Callout intent={Intent.DANGER} icon={IconNames.ERROR} className="my-notice">
        <p>{t('my.loadFailed')}</p>
        <Button icon={IconNames.REFRESH} onClick={() => void history.refetch()}>
          {t('my.tryAgain')}
        </Button>
      </Callout>
    );
  }

  return (
    <div className="page my-page">
      <SiteHeader />
      <main className="page__main my-page__main">
        <h1 className="my-page__title">{t('my.title')}</h1>
        <p className="my-page__intro muted">{t('my.intro')}</p>
        {content}
      </main>
    </div>
  );
}
