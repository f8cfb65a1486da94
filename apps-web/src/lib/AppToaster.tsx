import { OverlayToaster, Position, Toast2 } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { toastAtom, useToast } from './toasts.js';

/** The single toaster of the app. Loaded on the first toast, so pages that never toast skip its code. */
export function AppToaster() {
  const toast = useAtomValue(toastAtom);
  const { dismiss } = useToast();
  return (
    <OverlayToaster position={Position.TOP} maxToasts={1}>
      {toast && (
        <Toast2
          key={toast.id}
          intent={toast.intent}
          timeout={toast.timeout}
          action={toast.action}
          onDismiss={() => dismiss(toast.id)}
          message={
            <div role="status" aria-live="polite">
              <strong className="toast-title">{toast.title}</strong>
              {toast.description && <div className="toast-description">{toast.description}</div>}
            </div>
          }
        />
      )}
    </OverlayToaster>
  );
}

export default AppToaster;
