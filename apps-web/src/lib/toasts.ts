import type { Intent } from '@blueprintjs/core';
import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  intent?: Intent;
  timeout?: number;
  /** One button in the toast, e.g. "Show in folder" after a save. */
  action?: { text: string; onClick: () => void };
}

/** At most one toast is visible: showing a new one replaces the current one. */
export const toastAtom = atom<ToastMessage | null>(null);

let nextToastId = 0;

/** Shows, updates (same id) and dismisses the app's one toast. */
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
