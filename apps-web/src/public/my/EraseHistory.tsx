import { Alert, Button, Callout, Card, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/i18n-context.js';

/**
 * "Delete your data": the person erases everything stored under their address, what the admin's
 * erasure does, after saying yes in an alert that names how many assessments go.
 */
export function EraseHistory({
  email,
  count,
  erasing,
  failed,
  onErase,
}: {
  email: string;
  count: number;
  erasing: boolean;
  failed: boolean;
  onErase: () => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  return (
    <Card className="my-erase" role="region" aria-labelledby="my-erase-heading">
      <h2 id="my-erase-heading" className="my-erase__title">
        {t('my.erase.heading')}
      </h2>
      <p>{t('my.erase.text', { email })}</p>
      {failed && (
        <Callout intent={Intent.DANGER} icon={IconNames.ERROR} className="my-notice" role="alert">
          {t('my.erase.failed')}
        </Callout>
      )}
      <Button
        intent={Intent.DANGER}
        variant="outlined"
        icon={IconNames.TRASH}
        loading={erasing}
        onClick={() => setConfirming(true)}
      >
        {t('my.erase.button')}
      </Button>
      <Alert
        // Passed on to the dialog element by Blueprint: the question names the alert.
        aria-labelledby={questionId}
        isOpen={confirming}
        intent={Intent.DANGER}
        icon={IconNames.TRASH}
        confirmButtonText={t('my.erase.confirmButton')}
        cancelButtonText={t('my.erase.cancel')}
        onConfirm={() => {
          setConfirming(false);
          onErase();
        }}
        onCancel={() => setConfirming(false)}
        canEscapeKeyCancel
      >
        <p id={questionId}>{t('my.erase.confirm', { count })}</p>
      </Alert>
    </Card>
  );
}
