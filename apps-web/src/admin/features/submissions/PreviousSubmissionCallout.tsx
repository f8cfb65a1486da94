import { Button, Callout, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { PreviousSubmission, ScoreChange } from '@msp/shared/browser';
import { LevelBadge } from '../../../components/LevelBadge.js';
import { formatDateTime } from '../../lib/format-date.js';

const ORDINAL = new Intl.PluralRules('en-US', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** "2nd", "3rd", "11th". */
export function ordinal(n: number): string {
  return `${n}${SUFFIX[ORDINAL.select(n)]}`;
}

/** "+1 level, +13.2 points", "same level, −4.0 points". */
export function changeText({ level, score }: ScoreChange): string {
  const levels =
    level === 0
      ? 'same level'
      : `${level > 0 ? '+' : '−'}${Math.abs(level)} level${Math.abs(level) === 1 ? '' : 's'}`;
  const points = `${score > 0 ? '+' : score < 0 ? '−' : '±'}${Math.abs(score).toFixed(1)} points`;
  return `${levels}, ${points}`;
}

/**
 * "2nd assessment by this person": when the person (by email address) took it before, their
 * previous assessment's date and level, and how far this one moved, overall and per pillar.
 */
export function PreviousSubmissionCallout({
  previous,
  onOpen,
}: {
  previous: PreviousSubmission;
  onOpen: (id: string) => void;
}) {
  const { overall, pillars } = previous.changes;
  return (
    <Callout
      intent={overall.level > 0 ? Intent.SUCCESS : overall.level < 0 ? Intent.WARNING : Intent.PRIMARY}
      icon={IconNames.HISTORY}
      className="admin-summary submission-previous"
      title={`${ordinal(previous.assessmentNumber)} assessment by this person`}
    >
      <p className="admin-inline">
        Previous on <time dateTime={previous.submittedAt}>{formatDateTime(previous.submittedAt)}</time> at
        <LevelBadge level={previous.overallLevel} /> · Overall {changeText(overall)}
      </p>
      {pillars.length > 0 && (
        <ul className="submission-previous__pillars" aria-label="Change in each pillar">
          {pillars.map((pillar) => (
            <li key={pillar.pillarKey}>
              <span>{pillar.pillarName}</span> <span>{changeText(pillar)}</span>
            </li>
          ))}
        </ul>
      )}
      <Button variant="minimal" size="small" icon={IconNames.ARROW_LEFT} onClick={() => onOpen(previous.id)}>
        Open the previous assessment
      </Button>
    </Callout>
  );
}
