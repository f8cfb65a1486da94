import { Alert, type AlertProps } from '@blueprintjs/core';

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
 * the server has answered the confirmed action.
 */
export function ConfirmAlert({
  busy = false,
  cancelButtonText = 'Cancel',
  className,
  children,
  ...props
}: ConfirmAlertProps) {
  return (
    <Alert
      {...props}
      className={className ? `admin-alert ${className}` : 'admin-alert'}
      cancelButtonText={cancelButtonText}
      loading={busy}
      canEscapeKeyCancel={!busy}
      canOutsideClickCancel={!busy}
    >
      {children}
    </Alert>
  );
}
