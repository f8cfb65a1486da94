import { Classes } from '@blueprintjs/core';
import { ConfirmDeleteAlert } from '../../components/ConfirmDeleteAlert.js';
import type { AdminQuestion } from '@msp/shared/browser';
import { useDeleteQuestion } from './queries.js';

export interface DeleteQuestionAlertProps {
  /** The question asked about; kept while the alert closes. */
  question: AdminQuestion | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Asks before deleting a question; stays open, busy, until the server has answered. */
export function DeleteQuestionAlert({ question, isOpen, onClose }: DeleteQuestionAlertProps) {
  const remove = useDeleteQuestion({ onDeleted: onClose });
  const busy = remove.isPending;
  return (
    <ConfirmDeleteAlert
      isOpen={isOpen}
      busy={busy}
      confirmButtonText="Delete Question"
      onConfirm={() => {
        if (question) remove.mutate(question, { onError: onClose });
      }}
      onCancel={onClose}
      onClosed={() => remove.reset()}
    >
      <p>Are you sure you want to delete this question? This cannot be undone.</p>
      <blockquote className={`${Classes.BLOCKQUOTE} admin-wrap`}>{question?.text}</blockquote>
      <p>
        Its answers and points are deleted with it. Past submissions keep the answers they were scored on.
      </p>
    </ConfirmDeleteAlert>
  );
}
