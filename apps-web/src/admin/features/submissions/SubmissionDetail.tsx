import { Button, Classes, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission, SubmissionAnswer, WebhookDelivery } from '@msp/shared/browser';
import { useMemo } from 'react';
import { LevelBadge } from '../../../components/LevelBadge.js';
import { PublicLinkButton } from '../../components/PublicLink.js';
import { formatDateTime } from '../../lib/format-date.js';
import { useDemographicFields } from '../demographic-fields/queries.js';
import {
  useClearSubmissionAnalysis,
  useExportSubmission,
  usePreviewSubmissionEmail,
  useResendSubmissionWebhook,
} from './queries.js';
import { WebhookDeliveries } from './WebhookDeliveries.js';
import { demographicEntries, formatAverage, submissionTitle } from './submission-fields.js';

export interface SubmissionDetailProps {
  submission: AdminSubmission;
  /** The answers as submitted; undefined while they load. */
  answers: readonly SubmissionAnswer[] | undefined;
  /** Its webhook deliveries, newest first; undefined while they load. */
  webhookDeliveries: readonly WebhookDelivery[] | undefined;
  onRefresh: () => void;
  refreshing: boolean;
  onDelete: () => void;
}

/** Labels of the current demographic fields by identifier; the panel works without them. */
function useFieldLabels(): ReadonlyMap<string, string> {
  const fields = useDemographicFields();
  return useMemo(
    () => new Map((fields.data ?? []).map((field) => [field.identifier, field.label])),
    [fields.data],
  );
}

/** What can be done with one submission (spec 2). */
function SubmissionActions({ submission, onDelete }: Pick<SubmissionDetailProps, 'submission' | 'onDelete'>) {
  const preview = usePreviewSubmissionEmail();
  const exportJson = useExportSubmission();
  const clearAnalysis = useClearSubmissionAnalysis();
  const resendWebhook = useResendSubmissionWebhook();
  return (
    <div className="submission-actions" role="toolbar" aria-label="Submission actions">
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
        onClick={() => preview(submission)}
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
        icon={IconNames.SEND_MESSAGE}
        text="Re-send webhook"
        loading={resendWebhook.isPending}
        onClick={() => resendWebhook.mutate(submission)}
      />
      <Button
        size="small"
        icon={IconNames.CLEAN}
        text="Clear AI analysis"
        loading={clearAnalysis.isPending}
        onClick={() => clearAnalysis.mutate(submission)}
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
  );
}

/** The detail panel: who submitted, the scores with level badges, and every answer (spec 2). */
export function SubmissionDetail({
  submission,
  answers,
  webhookDeliveries,
  onRefresh,
  refreshing,
  onDelete,
}: SubmissionDetailProps) {
  const labels = useFieldLabels();
  const info = demographicEntries(submission.demographicData, labels);
  const { scores } = submission;
  const submitted = formatDateTime(submission.submittedAt);

  return (
    <article className="submission-detail" aria-labelledby="submission-detail-heading">
      <header className="submission-detail__header">
        <h2 id="submission-detail-heading" className="submission-detail__title">
          {submissionTitle(submission)}
        </h2>
        <p className="submission-detail__meta">
          Submitted <time dateTime={submission.submittedAt}>{submitted}</time>
          {submission.ipAddress && <> · IP {submission.ipAddress}</>}
        </p>
        <SubmissionActions submission={submission} onDelete={onDelete} />
      </header>

      <section className="submission-section" aria-labelledby="submission-info-heading">
        <h3 id="submission-info-heading" className="admin-overline submission-section__title">
          User information
        </h3>
        {info.length > 0 ? (
          <dl className="submission-info">
            {info.map((entry) => (
              <div key={entry.key} className="submission-info__item">
                <dt>{entry.label}</dt>
                <dd>{entry.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="submission-section__empty">The visitor gave no details about themselves.</p>
        )}
      </section>

      <section className="submission-section" aria-labelledby="submission-scores-heading">
        <h3 id="submission-scores-heading" className="admin-overline submission-section__title">
          Maturity scores
        </h3>
        <div className="submission-overall">
          <span className="submission-overall__label">Overall</span>
          <LevelBadge level={scores.overallLevel} large />
          <span className="submission-overall__average">
            {formatAverage(scores.cumulativeAverage)} <span>average score</span>
          </span>
        </div>
        <ul className="submission-pillars" aria-label="Pillar scores">
          {scores.pillarScores.map((pillar) => (
            <li key={pillar.pillarId} className="submission-pillar">
              <span className="submission-pillar__name">{pillar.pillarName}</span>
              <span className="submission-pillar__percentage">{formatAverage(pillar.percentage)}</span>
              <LevelBadge level={pillar.level} />
            </li>
          ))}
        </ul>
      </section>

      <WebhookDeliveries deliveries={webhookDeliveries} onRefresh={onRefresh} refreshing={refreshing} />

      <section className="submission-section" aria-labelledby="submission-answers-heading">
        <h3 id="submission-answers-heading" className="admin-overline submission-section__title">
          Assessment responses
          {answers && <span className="submission-section__count">{answers.length}</span>}
        </h3>
        {answers === undefined ? (
          <div role="status" aria-label="Loading responses">
            {[0, 1, 2].map((index) => (
              <div key={index} className="submission-answer" aria-hidden>
                <span className={`skeleton-line submission-answer__skeleton ${Classes.SKELETON}`} />
                <span
                  className={`skeleton-line submission-answer__skeleton submission-answer__skeleton--short ${Classes.SKELETON}`}
                />
              </div>
            ))}
          </div>
        ) : answers.length === 0 ? (
          <p className="submission-section__empty">No answers were recorded.</p>
        ) : (
          <ol className="submission-answers">
            {answers.map((answer, index) => (
              <li key={`${answer.questionOrder}-${index}`} className="submission-answer">
                <p className="submission-answer__question">
                  <span className="submission-answer__number">Q{index + 1}</span>
                  {answer.questionText}
                </p>
                <p className="submission-answer__answer">{answer.answerText}</p>
                {answer.answerDescription && (
                  <p className="submission-answer__description">{answer.answerDescription}</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
