import { Classes, Spinner, Tag } from '@blueprintjs/core';
import type {
  PreviousSubmission,
  AdminSubmission,
  LeadNote,
  SubmissionAnalysis,
  SubmissionAnswer,
  WebhookDelivery,
} from '@msp/shared/browser';
import { useMemo } from 'react';
import { LevelBadge } from '../../../components/LevelBadge.js';
import { PreviousSubmissionCallout } from './PreviousSubmissionCallout.js';
import { formatDateTime } from '../../lib/format-date.js';
import { useDemographicFields } from '../demographic-fields/public.js';
import { usePermission } from '../../api/session.js';
import { SubmissionActions } from './SubmissionActions.js';
import { WebhookDeliveries } from './WebhookDeliveries.js';
import { LeadSection } from './LeadSection.js';
import { LeadNotes } from './LeadNotes.js';
import {
  attributionEntries,
  demographicEntries,
  formatAverage,
  submissionTitle,
} from './submission-fields.js';
import { analysisLanguageNote, languageLabel } from '../../lib/languages.js';

/** Where the visit came from: its campaign, the referring site and the first page it opened. */
function AttributionSection({ attribution }: { attribution: AdminSubmission['attribution'] }) {
  const entries = attributionEntries(attribution);
  return (
    <section aria-labelledby="submission-source-heading">
      <h3 id="submission-source-heading" className="admin-overline admin-inline submission-section__title">
        Source
      </h3>
      {entries.length > 0 ? (
        <dl className="admin-info submission-info">
          {entries.map((entry) => (
            <div key={entry.key}>
              <dt>{entry.label}</dt>
              <dd className="admin-wrap">{entry.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="admin-muted">
          The visit came directly: no campaign, referring site or landing page was recorded.
        </p>
      )}
    </section>
  );
}

/** The consent statement the submitter ticked, exactly as they saw it, and when they submitted. */
function ConsentSection({ consent }: { consent: AdminSubmission['consent'] }) {
  return (
    <section aria-labelledby="submission-consent-heading">
      <h3 id="submission-consent-heading" className="admin-overline admin-inline submission-section__title">
        Consent
      </h3>
      {consent ? (
        <>
          <p className="admin-muted submission-consent__when">
            Ticked and submitted{' '}
            <time dateTime={consent.consentedAt}>{formatDateTime(consent.consentedAt)}</time>
          </p>
          <blockquote className="submission-consent__text admin-wrap">{consent.text}</blockquote>
        </>
      ) : (
        <p className="admin-muted">No consent statement was asked for when this was submitted.</p>
      )}
    </section>
  );
}

export interface SubmissionDetailProps {
  submission: AdminSubmission;
  /** The answers as submitted; undefined while they load. */
  answers: readonly SubmissionAnswer[] | undefined;
  /** Its webhook deliveries, newest first; undefined while they load. */
  webhookDeliveries: readonly WebhookDelivery[] | undefined;
  /** The analysis the visitor got; null when none is written yet, undefined while it loads. */
  analysis: SubmissionAnalysis | null | undefined;
  /** Whether a new analysis is being written. */
  analysisPending: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  onDelete: () => void;
  /** The same person's assessment before this one: null for their first, undefined while it loads. */
  previous?: PreviousSubmission | null | undefined;
  /** Opens another submission (the previous one) in the panel. */
  onOpen: (id: string) => void;
  /** The lead's timeline, oldest first; undefined while it loads. */
  notes?: readonly LeadNote[] | undefined;
}

/** Labels of the current demographic fields by identifier; the panel works without them. */
function useFieldLabels(): ReadonlyMap<string, string> {
  const fields = useDemographicFields();
  return useMemo(
    () => new Map((fields.data ?? []).map((field) => [field.identifier, field.label])),
    [fields.data],
  );
}

/** Who wrote an analysis, in words: the model by name, or the built-in analyst and why. */
export function analysisAuthor(analysis: SubmissionAnalysis): string {
  if (analysis.writtenBy === 'model') return `Written by the model ${analysis.model ?? ''}`.trim();
  return `Written by the built-in analyst: ${analysis.reason ?? 'no model is configured'}`;
}

/** The analysis the visitor got on the results page, and who wrote it. */
function AnalysisSection({
  analysis,
  pending,
  language,
}: {
  analysis: SubmissionAnalysis | null | undefined;
  pending: boolean;
  /** The submission's language, which the analysis is normally in. */
  language: string;
}) {
  let content;
  if (pending) {
    content = (
      <p className="admin-inline" role="status">
        <Spinner size={16} aria-hidden />A new analysis is being written…
      </p>
    );
  } else if (analysis === undefined) {
    content = (
      <span className={`skeleton-line ${Classes.SKELETON}`} role="status" aria-label="Loading the analysis" />
    );
  } else if (analysis === null) {
    content = (
      <p className="admin-muted">No analysis yet: one is written when the visitor first views the results.</p>
    );
  } else {
    const languageNote = analysisLanguageNote(analysis.language, language);
    content = (
      <>
        <p className="admin-note admin-summary">
          {analysisAuthor(analysis)}
          {' · '}
          <time dateTime={analysis.generatedAt}>{formatDateTime(analysis.generatedAt)}</time>
        </p>
        {languageNote && <p className="admin-note">{languageNote}</p>}
        <p>{analysis.summary}</p>
        {analysis.recommendations.length > 0 && (
          <ol className={Classes.LIST} aria-label="Top recommendations">
            {analysis.recommendations.map((recommendation, index) => (
              <li key={index}>
                <span aria-hidden>{recommendation.emoji}</span> <strong>{recommendation.title}</strong>
                <p>{recommendation.description}</p>
              </li>
            ))}
          </ol>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="submission-analysis-heading">
      <h3 id="submission-analysis-heading" className="admin-overline admin-inline submission-section__title">
        Analysis
      </h3>
      {content}
    </section>
  );
}

/** The detail panel: who submitted, the scores with level badges, and every answer. */
export function SubmissionDetail({
  submission,
  answers,
  webhookDeliveries,
  analysis,
  analysisPending,
  onRefresh,
  refreshing,
  onDelete,
  previous,
  onOpen,
  notes,
}: SubmissionDetailProps) {
  const labels = useFieldLabels();
  // The actions (export, delete, resend, the report) and the webhook's deliveries are an admin's.
  const isAdmin = usePermission('admin');
  const info = demographicEntries(submission.demographicData, labels);
  const { scores } = submission;
  const submitted = formatDateTime(submission.submittedAt);

  return (
    <article className="submission-detail" aria-labelledby="submission-detail-heading">
      <header>
        <h2 id="submission-detail-heading" className="admin-wrap submission-detail__title">
          {submissionTitle(submission)}
        </h2>
        <p className="admin-note admin-summary">
          Submitted <time dateTime={submission.submittedAt}>{submitted}</time>
          {submission.ipAddress && <> · IP {submission.ipAddress}</>} · Taken in{' '}
          <span lang="en">{languageLabel(submission.language)}</span>
        </p>
        {isAdmin && (
          <SubmissionActions submission={submission} analysisPending={analysisPending} onDelete={onDelete} />
        )}
        {previous && <PreviousSubmissionCallout previous={previous} onOpen={onOpen} />}
      </header>

      <LeadSection submission={submission} />

      <LeadNotes submissionId={submission.id} notes={notes} />

      <section aria-labelledby="submission-info-heading">
        <h3 id="submission-info-heading" className="admin-overline admin-inline submission-section__title">
          User information
        </h3>
        {info.length > 0 ? (
          <dl className="admin-info submission-info">
            {info.map((entry) => (
              <div key={entry.key}>
                <dt>{entry.label}</dt>
                <dd>{entry.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="admin-muted">The visitor gave no details about themselves.</p>
        )}
      </section>

      <AttributionSection attribution={submission.attribution} />

      <ConsentSection consent={submission.consent} />

      <section aria-labelledby="submission-scores-heading">
        <h3 id="submission-scores-heading" className="admin-overline admin-inline submission-section__title">
          Maturity scores
        </h3>
        <div className="admin-inline submission-overall">
          <strong>Overall</strong>
          <LevelBadge level={scores.overallLevel} large />
          <strong>{formatAverage(scores.cumulativeAverage)}</strong>
          <span className={Classes.TEXT_MUTED}>average score</span>
        </div>
        <ul className="admin-rows" aria-label="Pillar scores">
          {scores.pillarScores.map((pillar) => (
            <li key={pillar.pillarId} className="submission-pillar">
              <span className="admin-wrap">{pillar.pillarName}</span>
              <span className={Classes.TEXT_MUTED}>{formatAverage(pillar.percentage)}</span>
              <LevelBadge level={pillar.level} />
            </li>
          ))}
        </ul>
      </section>

      <AnalysisSection analysis={analysis} pending={analysisPending} language={submission.language} />

      {isAdmin && (
        <WebhookDeliveries deliveries={webhookDeliveries} onRefresh={onRefresh} refreshing={refreshing} />
      )}

      <section aria-labelledby="submission-answers-heading">
        <h3 id="submission-answers-heading" className="admin-overline admin-inline submission-section__title">
          Assessment responses
          {answers && (
            <Tag minimal round>
              {answers.length}
            </Tag>
          )}
        </h3>
        {answers === undefined ? (
          <div className="admin-rows" role="status" aria-label="Loading responses">
            {[0, 1, 2].map((index) => (
              <div key={index} className="submission-answer" aria-hidden>
                <span className={`skeleton-line ${Classes.SKELETON}`} />
                <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
              </div>
            ))}
          </div>
        ) : answers.length === 0 ? (
          <p className="admin-muted">No answers were recorded.</p>
        ) : (
          <ol className="admin-rows">
            {answers.map((answer, index) => (
              <li key={`${answer.questionOrder}-${index}`} className="submission-answer">
                <strong>
                  Q{index + 1} {answer.questionText}
                </strong>
                <p>{answer.answerText}</p>
                {answer.answerDescription && <p className="admin-note">{answer.answerDescription}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
