import { Button, Callout, Card, Intent, Spinner } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ReminderPreferences } from '@msp/shared/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasStatus } from '../../lib/api-errors.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { publicQueries } from '../../lib/public-queries.js';
import { queryKey } from '../../lib/query-keys.js';
import { useApi } from '../../platform/platform-context.js';
import { SiteHeader } from '../layout/SiteHeader.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import './my.css';

/** The token of a reminder's link, from the address's fragment (which never reaches a server log). */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * A reminder's preferences page (/my/reminders#token=…): whether reminders to take the assessment
 * again go to the address, and a button to stop or restart them. The link is the key: no sign-in.
 * It is not single-use, so the fragment stays for a reload.
 */
export default function ReminderPreferencesPage() {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const config = useQuery(publicQueries.config(api, language)).data;
  usePageTitle(
    config ? t('reminder.page.pageTitle', { productName: config.productName }) : t('reminder.page.title'),
  );
  const [token] = useState(() => (typeof window === 'undefined' ? '' : tokenFromHash(window.location.hash)));
  const key = [...queryKey('getReminderPreferences'), token] as const;
  const preferences = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call('getReminderPreferences', { query: { token }, signal }),
    enabled: token !== '',
    retry: (count, error) => !hasStatus(error, 400) && !hasStatus(error, 404) && count < 2,
  });
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (subscribed: boolean) =>
      api.call('updateReminderPreferences', { query: { token }, body: { subscribed } }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setSaved(true);
    },
  });

  const dead = token === '' || hasStatus(preferences.error, 400) || hasStatus(preferences.error, 404);
  let content;
  if (dead) {
    content = (
      <Callout intent={Intent.WARNING} icon={IconNames.TIME} className="my-notice" role="alert">
        {t('reminder.page.invalid')}
      </Callout>
    );
  } else if (preferences.isPending) {
    content = (
      <div className="my-state" role="status" aria-label={t('reminder.page.loading')}>
        <Spinner size={32} aria-hidden />
      </div>
    );
  } else if (preferences.isError) {
    content = (
      <Callout intent={Intent.DANGER} icon={IconNames.ERROR} className="my-notice">
        <p>{t('reminder.page.failed')}</p>
        <Button icon={IconNames.REFRESH} onClick={() => void preferences.refetch()}>
          {t('reminder.page.tryAgain')}
        </Button>
      </Callout>
    );
  } else {
    content = (
      <PreferencesCard
        preferences={preferences.data}
        saving={save.isPending}
        onChange={(subscribed) => {
          setSaved(false);
          save.mutate(subscribed);
        }}
      />
    );
  }

  return (
    <div className="page my-page">
      <SiteHeader />
      <main className="page__main my-page__main">
        <h1 className="my-page__title">{t('reminder.page.title')}</h1>
        <div className="my-reminders">
          <div aria-live="polite">
            {saved && (
              <Callout intent={Intent.SUCCESS} icon={IconNames.TICK} className="my-notice">
                {t('reminder.page.saved')}
              </Callout>
            )}
            {save.isError && (
              <Callout intent={Intent.DANGER} icon={IconNames.ERROR} className="my-notice">
                {t('reminder.page.saveFailed')}
              </Callout>
            )}
          </div>
          {content}
        </div>
      </main>
    </div>
  );
}

function PreferencesCard({
  preferences,
  saving,
  onChange,
}: {
  preferences: ReminderPreferences;
  saving: boolean;
  onChange: (subscribed: boolean) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
  return (
    <Card className="my-continue">
      <p>{t('reminder.page.for', { email: preferences.email })}</p>
      <p>
        <strong>
          {!preferences.subscribed
            ? t('reminder.page.unsubscribed')
            : preferences.nextReminderAt
              ? t('reminder.page.subscribed', { date: date(preferences.nextReminderAt) })
              : t('reminder.page.subscribedNone')}
        </strong>
      </p>
      <div className="my-reminder-actions">
        {preferences.subscribed ? (
          <Button
            intent={Intent.DANGER}
            variant="outlined"
            icon={IconNames.NOTIFICATIONS_SNOOZE}
            loading={saving}
            onClick={() => onChange(false)}
          >
            {t('reminder.page.unsubscribe')}
          </Button>
        ) : (
          <Button icon={IconNames.NOTIFICATIONS} loading={saving} onClick={() => onChange(true)}>
            {t('reminder.page.resubscribe')}
          </Button>
        )}
        <Button intent={Intent.PRIMARY} icon={IconNames.REFRESH} onClick={() => navigate('/assessment')}>
          {t('reminder.page.takeAgain')}
        </Button>
      </div>
    </Card>
  );
}
