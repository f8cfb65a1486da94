import { Button } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useT } from '../../lib/i18n/i18n-context.js';

/** "Continue later", under a step's own buttons: it opens the dialog that emails a link to the draft. */
export function ContinueLaterButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const t = useT();
  return (
    <div className="assessment-card__later">
      <Button variant="minimal" icon={IconNames.TIME} onClick={onClick} disabled={disabled}>
        {t('assessment.later.button')}
      </Button>
    </div>
  );
}
