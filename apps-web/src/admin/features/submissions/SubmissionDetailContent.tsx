import { Classes } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission } from '@msp/shared/browser';
import { errorText, hasStatus } from '../../../lib/api-errors.js';
import { AdminState } from '../../components/AdminState.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import type { useSubmission } from './queries.js';
import { SubmissionDetail } from './SubmissionDetail.js';

export interface SubmissionDetailContentProps {
  selectedId: string | null;
  detail: ReturnType<typeof useSubmission>;
  /** The submission as far as it is known: its detail, or its row in the list while that loads. */
  selected: AdminSubmission | undefined;
  onDelete: (submission: AdminSubmission) => void;
  /** Opens another submission in the panel (the person's previous one). */
  onOpen: (id: string) => void;
}

/** The detail panel's content: none chosen, not found, failed, loading, or the submission. */
export function SubmissionDetailContent({
  selectedId,
  detail,
  selected,
  onDelete,
  onOpen,
}: SubmissionDetailContentProps) {
  if (!selectedId) {
    return (
      <AdminState
        headingLevel={2}
        icon={IconNames.DOCUMENT_OPEN}
        title="No submission selected"
        description="Choose a submission in the list to see who sent it, its scores and every answer."
      />
    );
  }
  if (detail.isError && hasStatus(detail.error, 404)) {
    return (
      <AdminState
        headingLevel={2}
        icon={IconNames.DOCUMENT}
        title="Submission not found"
        description="It may have been deleted. Choose another submission in the list."
      />
    );
  }
  if (detail.isError && !selected) {
    return (
      <LoadFailedState
        title="Failed to fetch the submission"
        description={<code className="admin-error-text">{errorText(detail.error)}</code>}
        query={detail}
      />
    );
  }
  if (!selected) {
    return (
      <div className="submission-detail" role="status" aria-label="Loading the submission">
        <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
        <span className={`skeleton-line ${Classes.SKELETON}`} />
        <span className={`skeleton-line ${Classes.SKELETON}`} />
        <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
      </div>
    );
  }
  return (
    <SubmissionDetail
      submission={selected}
      answers={detail.data?.answers}
      webhookDeliveries={detail.data?.webhookDeliveries}
      analysis={detail.data?.analysis}
      analysisPending={detail.data?.analysisPending ?? false}
      onRefresh={() => void detail.refetch()}
      refreshing={detail.isFetching}
      onDelete={() => onDelete(selected)}
      previous={detail.data?.previous}
      onOpen={onOpen}
      notes={detail.data?.notes}
    />
  );
}
