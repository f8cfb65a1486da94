import type { AdminSubmission } from '@msp/shared/browser';
import { ConfirmDeleteAlert } from '../../components/ConfirmDeleteAlert.js';
import { formatDateTime } from '../../lib/format-date.js';
import { useDeleteSubmission } from './queries.js';
import { submissionTitle } from './submission-fields.js';

export interface DeleteSubmissionAlertProps {
  /** The submission asked about; kept while the alert closes. */
  submission: AdminSubmission | null;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: (submission: AdminSubmission) => void;
}

/** Asks before deleting a submission; busy until the server has answered. */
export function DeleteSubmissionAlert({
  submission,
  isOpen,
  onClose,
  onDeleted,
}: DeleteSubmissionAlertProps) {
  const remove = useDeleteSubmission({
    onDeleted: (deleted) => {
      onClose();
      onDeleted(deleted);
    },
  });
  return (
    <ConfirmDeleteAlert
      isOpen={isOpen}
      busy={remove.isPending}
      confirmButtonText="Delete Submission"
      onConfirm={() => {
        if (submission) remove.mutate(submission, { onError: onClose });
      }}
      onCancel={onClose}
    >
      {submission && (
        <p>
          Delete the submission from <strong>{submissionTitle(submission)}</strong>, submitted{' '}
          {formatDateTime(submission.submittedAt)}? Its answers, scores and analysis are removed, and its
          results page stops working. This action cannot be undone.
        </p>
      )}
    </ConfirmDeleteAlert>
  );
}
