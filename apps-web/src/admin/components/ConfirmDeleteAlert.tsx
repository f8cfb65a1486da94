import { Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { ConfirmAlert, type ConfirmAlertProps } from './ConfirmAlert.js';

export type ConfirmDeleteAlertProps = Omit<
  ConfirmAlertProps,
  'intent' | 'icon' | 'cancelButtonText' | 'busy'
> & {
  /** While the delete is in flight: the alert stays open and cannot be dismissed. */
  busy: boolean;
};

/** The portal's delete confirmation: danger intent and a trash icon. */
export function ConfirmDeleteAlert(props: ConfirmDeleteAlertProps) {
  return <ConfirmAlert {...props} intent={Intent.DANGER} icon={IconNames.TRASH} />;
}
