import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { VISITOR_LINK_TTL_MINUTES } from '@msp/shared/browser';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { useApi } from '../../platform/platform-context.js';
import { linkRequestProblem } from '../my/link-request-problem.js';
import { AssessWithTeamButton } from '../my/team/AssessWithTeamButton.js';

/**
 * "Come back and see your progress": a sign-in link to "Your assessments", sent to the address
 * this submission gave. The page asks by the submission, so it need not show the address.
 */
export function KeepProgress({ submissionId }: { submissionId: string }) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const send = useMutation({
    mutationFn: () => api.call('requestVisitorLink', { body: { submissionId, lang: language } }),
  });
  return (
    <Card className="results-card keep" role="region" aria-labelledby="keep-heading">
      <h2 id="keep-heading" className="results-card__title">
        {t('results.keep.heading')}
      </h2>
      <p>
        {t('results.keep.text')} <Link to="/my">{t('site.nav.my')}</Link>
      </p>
      <div className="keep__actions">
        <Button
          icon={IconNames.ENVELOPE}
          loading={send.isPending}
          disabled={send.isSuccess}
          onClick={() => send.mutate()}
        >
          {t('results.keep.button')}
        </Button>
        {/* A signed-in visitor at a company address can bring in colleagues from here. */}
        <AssessWithTeamButton />
      </div>
      <div role="status" className="keep__status">
        {send.isSuccess && (
          <Callout intent={Intent.SUCCESS} icon={IconNames.TICK_CIRCLE}>
            {t('results.keep.sent', { minutes: VISITOR_LINK_TTL_MINUTES })}
          </Callout>
        )}
        {send.isError && (
          <Callout intent={Intent.DANGER} icon={IconNames.ERROR}>
            {linkRequestProblem(t, send.error)}
          </Callout>
        )}
      </div>
    </Card>
  );
}
