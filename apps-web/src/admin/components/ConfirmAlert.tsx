import { Alert, type AlertProps } from '@blueprintjs/core';
import { useId } from 'react';

export type ConfirmAlertProps = Omit<
  AlertProps,
  'loading' | 'cancelButtonText' | 'canEscapeKeyCancel' | 'canOutsideClickCancel'
> & {
  /** While the confirmed action is in flight: the alert stays open and cannot be dismissed. */
  busy?: boolean;
  cancelButtonText?: string;
};

/**
 * The portal's in-page confirmation (never the browser's): it asks, and stays open and busy until
 * the server has answered the confirmed action. Its question is its name, which assistive
 * technology reads as the alert opens (Blueprint's Alert has no title to name it by).
 */
export function ConfirmAlert({
  busy = false,
  cancelButtonText = 'Cancel',
  className,
  children,
  ...props
}: ConfirmAlertProps) {
  const questionId = useId();
  return (
    <Alert
      // Passed on to the dialog element by Blueprint, though its Alert props do not list it.
      aria-labelledby={children ? questionId : undefined}
      {...props}
      className={className ? `admin-alert ${className}` : 'admin-alert'}
      cancelButtonText={cancelButtonText}
      loading={busy}
      canEscapeKeyCancel={!busy}
      canOutsideClickCancel={!busy}
    >
      {children && <div id={questionId}>{children}</div>}
    </Alert>
  );
}
