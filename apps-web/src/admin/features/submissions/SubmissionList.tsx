import { Checkbox, Classes, Icon, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission } from '@msp/shared/browser';
import { LevelBadge } from '../../../components/LevelBadge.js';
import { formatDateTime } from '../../lib/format-date.js';
import {
  answerCountText,
  formatAverage,
  sourceLabel,
  submissionTitle,
  submitterCompany,
  submitterEmail,
} from './submission-fields.js';
import { languageLabel, languageName } from '../../lib/languages.js';
import { localDay, nextStepState, nextStepText, noteCountText, ownerText } from './lead-text.js';

/** The lead's line of a row: its status, owner, next step (marked when due or overdue) and notes. */
function LeadLine({ lead, today }: { lead: AdminSubmission['lead']; today: string }) {
  const state = lead.nextStepOn ? nextStepState(lead.nextStepOn, today) : null;
  return (
    <span className="admin-inline admin-note submission-row__lead">
      <Tag minimal round intent={Intent.PRIMARY}>
        <span className="visually-hidden">Status </span>
        {lead.status.name}
      </Tag>
      <span>{ownerText(lead)}</span>
      <span
        className={
          state === 'overdue'
            ? 'submission-row__due submission-row__due--overdue'
            : state === 'today'
              ? 'submission-row__due submission-row__due--today'
              : Classes.TEXT_MUTED
        }
      >
        {nextStepText(lead.nextStepOn, today)}
      </span>
      {lead.noteCount > 0 && (
        <span>
          <Icon icon={IconNames.COMMENT} size={12} aria-hidden /> {noteCountText(lead.noteCount)}
        </span>
      )}
    </span>
  );
}

export interface SubmissionListProps {
  submissions: readonly AdminSubmission[];
  selectedId: string | null;
  onSelect: (submission: AdminSubmission) => void;
  /** The rows ticked for a change to several at once. */
  checkedIds: ReadonlySet<string>;
  /** Ticking rows, for a role that works leads; without it the rows have no checkbox. */
  onCheck?: ((submission: AdminSubmission, checked: boolean) => void) | undefined;
}

/**
 * The submissions of one page as a list of buttons: name, company, email, overall level and
 * average, submitted time, IP address, answer count, the source and campaign it came from and the
 * language it was taken in, and the lead's status, owner, next step and notes. The selected one
 * is marked aria-current, so it reads as chosen; each has a checkbox for changes to several.
 */
export function SubmissionList({
  submissions,
  selectedId,
  onSelect,
  checkedIds,
  onCheck,
}: SubmissionListProps) {
  const today = localDay();
  return (
    <ul className="admin-rows" aria-label="Submissions">
      {submissions.map((submission) => {
        const { demographicData: data, scores } = submission;
        const company = submitterCompany(data);
        const email = submitterEmail(data);
        const selected = submission.id === selectedId;
        return (
          <li key={submission.id} className="submission-item">
            {onCheck && (
              <Checkbox
                className="submission-item__check"
                checked={checkedIds.has(submission.id)}
                aria-label={`Select ${submissionTitle(submission)}`}
                onChange={(event) => onCheck(submission, event.currentTarget.checked)}
              />
            )}
            <button
              type="button"
              className={selected ? 'submission-row submission-row--selected' : 'submission-row'}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(submission)}
            >
              <span className="admin-inline submission-row__top">
                <strong className="admin-wrap">{submissionTitle(submission)}</strong>
                <LevelBadge level={scores.overallLevel} />
              </span>
              <span className="admin-inline">
                {company && <span>{company}</span>}
                {email && <span className={`${Classes.TEXT_MUTED} admin-wrap`}>{email}</span>}
              </span>
              <span className="admin-inline admin-note">
                <strong title="Overall average">
                  <Icon icon={IconNames.TIMELINE_BAR_CHART} size={12} aria-hidden />{' '}
                  {formatAverage(scores.cumulativeAverage)}
                  <span className="visually-hidden"> average score</span>
                </strong>
                <time dateTime={submission.submittedAt}>{formatDateTime(submission.submittedAt)}</time>
                {submission.ipAddress && (
                  <span>
                    <span className="visually-hidden">IP address </span>
                    {submission.ipAddress}
                  </span>
                )}
                <span>{answerCountText(submission.answerCount)}</span>
              </span>
              <LeadLine lead={submission.lead} today={today} />
              <span className="admin-note">
                <span className={Classes.TEXT_MUTED}>Source </span>
                <span className="admin-wrap">{sourceLabel(submission.attribution)}</span>
                {submission.attribution.campaign && (
                  <>
                    <span className={Classes.TEXT_MUTED}> · Campaign </span>
                    <span className="admin-wrap">{submission.attribution.campaign}</span>
                  </>
                )}
                <span className={Classes.TEXT_MUTED}> · Language </span>
                <span className="admin-wrap" title={languageLabel(submission.language)}>
                  {languageName(submission.language)}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
