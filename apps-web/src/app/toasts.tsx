import { Intent, OverlayToaster, Position, Toast2 } from '@blueprintjs/core';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';

export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  intent?: Intent;
  timeout?: number;
}

/** At most one toast is visible: showing a new one replaces the current one. */
const toastAtom = atom<ToastMessage | null>(null);

let nextToastId = 0;

/** Shows, updates and dismisses the app's one toast. */
export function useToast() {
  const setToast = useSetAtom(toastAtom);
  const show = useCallback(
    (toast: Omit<ToastMessage, 'id'> & { id?: string }) => {
      const id = toast.id ?? `toast-${++nextToastId}`;
      setToast({ timeout: TOAST_DURATION_MS, ...toast, id });
      return id;
    },
    [setToast],
  );
  const dismiss = useCallback(
    (id?: string) => setToast((current) => (id === undefined || current?.id === id ? null : current)),
    [setToast],
  );
  return { show, dismiss };
}

/** The single toaster of the app; mount once near the root. */
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
