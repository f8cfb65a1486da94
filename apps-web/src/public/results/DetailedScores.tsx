import type { PillarScore } from '@msp/shared/browser';
import { LevelBadge } from '../../components/LevelBadge.js';
import { useT } from '../../lib/i18n/i18n-context.js';
import { levelColor, percentOf, ScoreBar } from './ScoreBar.js';

/** Each pillar with its level badge and percentage. */
export function DetailedScores({ scores }: { scores: readonly PillarScore[] }) {
  const t = useT();
  return (
    <ul className="detailed-scores">
      {scores.map((score) => {
        const percent = percentOf(score.normalizedScore);
        return (
          <li key={score.pillarId} className="detailed-scores__item">
            <div className="detailed-scores__row">
              <span className="detailed-scores__name">{score.pillarName}</span>
              <LevelBadge level={score.score} />
              <span className="detailed-scores__percent">
                {t('results.percent', { value: percent / 100 })}
              </span>
            </div>
            <ScoreBar percent={percent} color={levelColor(score.score)} />
          </li>
        );
      })}
    </ul>
  );
}
