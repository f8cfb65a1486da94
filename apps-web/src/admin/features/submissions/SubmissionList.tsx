import { Classes, Icon } from '@blueprintjs/core';
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

export interface SubmissionListProps {
  submissions: readonly AdminSubmission[];
  selectedId: string | null;
  onSelect: (submission: AdminSubmission) => void;
}

/**
 * The submissions of one page as a list of buttons: name, company, email, overall level and
 * average, submitted time, IP address, answer count, the source and campaign it came from and the
 * language it was taken in. The selected one is marked
 * aria-current, so it reads as chosen.
 */
export function SubmissionList({ submissions, selectedId, onSelect }: SubmissionListProps) {
  return (
    <ul className="admin-rows" aria-label="Submissions">
      {submissions.map((submission) => {
        const { demographicData: data, scores } = submission;
        const company = submitterCompany(data);
        const email = submitterEmail(data);
        const selected = submission.id === selectedId;
        return (
          <li key={submission.id}>
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
