import type { ApiKey } from '@msp/shared/browser';
import { ConfirmDeleteAlert } from '../../components/ConfirmDeleteAlert.js';
import { useDeleteApiKey } from './queries.js';

export interface DeleteApiKeyAlertProps {
  /** The key asked about; kept while the alert closes. */
  apiKey: ApiKey | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Asks before deleting a key, in the words admins know; busy until the server has answered. */
export function DeleteApiKeyAlert({ apiKey, isOpen, onClose }: DeleteApiKeyAlertProps) {
  const remove = useDeleteApiKey({ onDeleted: onClose });
  return (
    <ConfirmDeleteAlert
      isOpen={isOpen}
      busy={remove.isPending}
      confirmButtonText="Delete API Key"
      onConfirm={() => {
        if (apiKey) remove.mutate(apiKey, { onError: onClose });
      }}
      onCancel={onClose}
      onClosed={() => remove.reset()}
    >
      <p>Are you sure you want to delete this API key? This action cannot be undone.</p>
      {apiKey && (
        <p className="admin-wrap">
          <strong>{apiKey.name}</strong> (<code>{apiKey.token}</code>) stops working at once: anything still
          using it gets 401 Unauthorized.
        </p>
      )}
    </ConfirmDeleteAlert>
  );
}
