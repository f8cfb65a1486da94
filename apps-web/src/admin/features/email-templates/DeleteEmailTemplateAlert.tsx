import type { EmailTemplate } from '@msp/shared/browser';
import { ConfirmDeleteAlert } from '../../components/ConfirmDeleteAlert.js';
import { useDeleteEmailTemplate } from './queries.js';

export interface DeleteEmailTemplateAlertProps {
  /** The template asked about; kept while the alert closes. */
  template: EmailTemplate | null;
  isOpen: boolean;
  onClose: () => void;
  /** Once the alert has closed after a delete (when focus may move again). */
  onDeleted: () => void;
}

/**
 * Asks before deleting a template, and warns when it is the active one; busy until the server has
 * answered, as the portal's other delete confirmations are.
 */
export function DeleteEmailTemplateAlert({
  template,
  isOpen,
  onClose,
  onDeleted,
}: DeleteEmailTemplateAlertProps) {
  const remove = useDeleteEmailTemplate({ onDeleted: onClose });
  return (
    <ConfirmDeleteAlert
      isOpen={isOpen}
      busy={remove.isPending}
      confirmButtonText="Delete Template"
      onConfirm={() => {
        if (template) remove.mutate(template.id, { onError: onClose });
      }}
      onCancel={onClose}
      onClosed={() => {
        if (remove.isSuccess) onDeleted();
        remove.reset();
      }}
    >
      <p>Are you sure you want to delete the email template &quot;{template?.name}&quot;?</p>
      {template?.isActive && (
        <p>It is the active template: visitors get no results email until another one is active.</p>
      )}
    </ConfirmDeleteAlert>
  );
}
