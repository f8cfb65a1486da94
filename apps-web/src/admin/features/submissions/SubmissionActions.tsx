import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission } from '@msp/shared/browser';
import { useId, useState } from 'react';
import { ConfirmAlert } from '../../components/ConfirmAlert.js';
import { PublicLinkButton } from '../../components/PublicLink.js';
import { useIntegrations } from '../integrations/public.js';
import { EmailPreviewDialog } from './EmailPreviewDialog.js';
import {
  useDownloadSubmissionReport,
  useExportSubmission,
  useRegenerateSubmissionAnalysis,
  useResendSubmissionWebhook,
} from './queries.js';
import { submissionTitle } from './submission-fields.js';

/** Why re-sending cannot work here, or null when it can (or while the configuration loads). */
function useResendBlocked(): string | null {
  const integrations = useIntegrations();
  if (integrations.data && !integrations.data.webhook.configured) {
    return 'No webhook target is configured: set WEBHOOK_URL and WEBHOOK_SECRET on the server.';
  }
  return null;
}

/**
 * What can be done with one submission. An action this server's configuration cannot
 * carry out is disabled, with the reason beside it.
 */
export function SubmissionActions({
  submission,
  analysisPending,
  onDelete,
}: {
  submission: AdminSubmission;
  /** Whether a new analysis is being written (Regenerate waits for it). */
  analysisPending: boolean;
  onDelete: () => void;
}) {
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirmingRegenerate, setConfirmingRegenerate] = useState(false);
  const exportJson = useExportSubmission();
  const downloadReport = useDownloadSubmissionReport();
  const regenerate = useRegenerateSubmissionAnalysis({ onQueued: () => setConfirmingRegenerate(false) });
  const resendWebhook = useResendSubmissionWebhook();
  const resendBlocked = useResendBlocked();
  const reasonId = useId();
  const questionId = useId();
  return (
    <>
      <div className="admin-inline admin-summary" role="toolbar" aria-label="Submission actions">
        <PublicLinkButton
          path={`/results/${submission.id}`}
          newTab
          size="small"
          icon={IconNames.CHART}
          endIcon={IconNames.SHARE}
          text="View results"
        />
        <Button
          size="small"
          icon={IconNames.ENVELOPE}
          text="Preview email"
          onClick={() => setPreviewOpen(true)}
        />
        <Button
          size="small"
          icon={IconNames.DOWNLOAD}
          text="Export JSON"
          loading={exportJson.isPending}
          onClick={() => exportJson.mutate(submission)}
        />
        <Button
          size="small"
          icon={IconNames.DOCUMENT}
          text="Download PDF report"
          loading={downloadReport.isPending}
          onClick={() => downloadReport.mutate(submission)}
        />
        <Button
          size="small"
          icon={IconNames.SEND_MESSAGE}
          text="Re-send webhook"
          loading={resendWebhook.isPending}
          disabled={resendBlocked !== null}
          aria-describedby={resendBlocked ? reasonId : undefined}
          onClick={() => resendWebhook.mutate(submission)}
        />
        <Button
          size="small"
          icon={IconNames.REFRESH}
          text="Regenerate analysis"
          disabled={analysisPending}
          onClick={() => setConfirmingRegenerate(true)}
        />
        <Button
          size="small"
          intent={Intent.DANGER}
          variant="outlined"
          icon={IconNames.TRASH}
          text="Delete"
          onClick={onDelete}
        />
      </div>
      {resendBlocked && (
        <p id={reasonId} className="admin-note">
          Re-send webhook is off. {resendBlocked}
        </p>
      )}
      <EmailPreviewDialog
        submission={submission}
        isOpen={previewOpen}
        onClose={() => setPreviewOpen(false)}
      />
      <ConfirmAlert
        isOpen={confirmingRegenerate}
        intent={Intent.PRIMARY}
        icon={IconNames.REFRESH}
        confirmButtonText="Regenerate"
        busy={regenerate.isPending}
        onConfirm={() => regenerate.mutate(submission, { onError: () => setConfirmingRegenerate(false) })}
        onCancel={() => setConfirmingRegenerate(false)}
        aria-labelledby={questionId}
      >
        <p id={questionId}>
          Write a new analysis for <strong>{submissionTitle(submission)}</strong>? The current one is
          replaced, on its results page too.
        </p>
      </ConfirmAlert>
    </>
  );
}
