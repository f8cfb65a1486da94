import { Alert, Button, Card, Intent, Switch } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n-context.js';
import { useMembership } from './use-membership.js';

/** The member's own choices: whether colleagues see their name and levels, and leaving the team. */
export function MemberChoices({ shares }: { shares: boolean }) {
  const t = useT();
  const membership = useMembership();
  const [confirming, setConfirming] = useState(false);
  const hintId = useId();
  const questionId = useId();
  const pending = membership.isPending ? membership.variables : undefined;
  return (
    <Card className="team-choices" role="region" aria-labelledby="team-choices-heading">
      <h2 id="team-choices-heading" className="team-section__title">
        {t('team.choices.heading')}
      </h2>
      <Switch
        // While the change is on its way the switch shows it, and cannot be flipped again.
        checked={pending?.shares ?? shares}
        disabled={membership.isPending}
        onChange={(event) => membership.mutate({ shares: event.currentTarget.checked })}
        label={t('team.choices.share')}
        aria-describedby={hintId}
      />
      <p id={hintId} className="team-choices__hint muted">
        {t('team.choices.shareHint')}
      </p>
      <Button
        intent={Intent.DANGER}
        variant="outlined"
        icon={IconNames.LOG_OUT}
        loading={pending?.member === false}
        onClick={() => setConfirming(true)}
      >
        {t('team.choices.leave')}
      </Button>
      <Alert
        aria-labelledby={questionId}
        isOpen={confirming}
        intent={Intent.DANGER}
        icon={IconNames.LOG_OUT}
        confirmButtonText={t('team.choices.leaveButton')}
        cancelButtonText={t('team.choices.stay')}
        onConfirm={() => {
          setConfirming(false);
          membership.mutate({ member: false });
        }}
        onCancel={() => setConfirming(false)}
        canEscapeKeyCancel
      >
        <p id={questionId}>{t('team.choices.leaveConfirm')}</p>
      </Alert>
    </Card>
  );
}
