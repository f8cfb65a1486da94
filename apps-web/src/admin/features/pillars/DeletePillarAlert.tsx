import { ConfirmDeleteAlert } from '../../components/ConfirmDeleteAlert.js';
import type { Pillar } from '@msp/shared/browser';
import { useDeletePillar } from './queries.js';

export interface DeletePillarAlertProps {
  /** The pillar asked about; kept while the alert closes. */
  pillar: Pillar | null;
  isOpen: boolean;
  /** Its questions, once known, to say what happens to them. */
  questionCount?: number;
  onClose: () => void;
}

/**
 * Asks before deleting a pillar: it removes all associated points from questions and
 * cannot be undone. The alert stays open, busy, until the server has answered.
 */
export function DeletePillarAlert({ pillar, isOpen, questionCount, onClose }: DeletePillarAlertProps) {
  const remove = useDeletePillar({ onDeleted: onClose });
  const busy = remove.isPending;
  return (
    <ConfirmDeleteAlert
      isOpen={isOpen}
      busy={busy}
      confirmButtonText="Delete Pillar"
      onConfirm={() => {
        if (pillar) remove.mutate(pillar, { onError: onClose });
      }}
      onCancel={onClose}
      onClosed={() => remove.reset()}
    >
      <p>
        Are you sure you want to delete the pillar <strong>{pillar?.name}</strong>?
      </p>
      <p>This will remove all associated points from questions and cannot be undone.</p>
      <p>
        Its matrix cells are deleted too.{' '}
        {questionCount === undefined
          ? 'Its questions stay, without a pillar, out of the assessment until you assign them to another one.'
          : questionCount === 0
            ? 'No questions belong to it.'
            : `Its ${questionCount === 1 ? 'question stays' : `${questionCount} questions stay`}, without a pillar, out of the assessment until you assign ${questionCount === 1 ? 'it' : 'them'} to another one.`}
      </p>
    </ConfirmDeleteAlert>
  );
}
