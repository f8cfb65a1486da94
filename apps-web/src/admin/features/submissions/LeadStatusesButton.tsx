import { Button } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { lazy, Suspense, useState } from 'react';

// The editor loads when it is first wanted (or pointed at).
const loadStatusesDialog = () => import('./LeadStatusesDialog.js');
const LeadStatusesDialog = lazy(loadStatusesDialog);

/** "Lead statuses" in the screen's header, and the editor it opens. */
export function LeadStatusesButton() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        icon={IconNames.FLOW_LINEAR}
        text="Lead statuses"
        variant="outlined"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        onMouseEnter={() => void loadStatusesDialog()}
        onFocus={() => void loadStatusesDialog()}
      />
      {mounted && (
        <Suspense fallback={null}>
          <LeadStatusesDialog isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
