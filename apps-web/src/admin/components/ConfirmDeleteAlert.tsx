import { Alert, Intent, type AlertProps } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';

export type ConfirmDeleteAlertProps = Omit<
  AlertProps,
  'intent' | 'icon' | 'loading' | 'cancelButtonText' | 'canEscapeKeyCancel' | 'canOutsideClickCancel'
> & {
  /** While the delete is in flight: the alert stays open and cannot be dismissed. */
  busy: boolean;
};

/** The portal's delete confirmation: danger intent, and busy until the server has answered. */
export function ConfirmDeleteAlert({ busy, children, className, ...props }: ConfirmDeleteAlertProps) {
  return (
    <Alert
      {...props}
      className={className ? `admin-alert ${className}` : 'admin-alert'}
      intent={Intent.DANGER}
      icon={IconNames.TRASH}
      cancelButtonText="Cancel"
      loading={busy}
      canEscapeKeyCancel={!busy}
      canOutsideClickCancel={!busy}
    >
      {children}
    </Alert>
  );
}
