import { Card, Tag } from '@blueprintjs/core';
import { clampLevel, levelLabel, MATURITY_LEVELS, type PillarScore } from '@msp/shared/browser';
import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { LevelBadge } from '../../components/LevelBadge.js';
import { similarityPhrase } from './comparisonText.js';
import { LEVEL_TEXT } from './results-text.js';
import { levelColor, percentOf, ScoreBar } from './ScoreBar.js';
import { useLanguage } from '../../lib/i18n/i18n-context.js';

interface ComparisonSectionProps {
  submissionId: string;
  demographicData: Readonly<Record<string, string>>;
  pillarScores: readonly PillarScore[];
  overallLevel: number;
}

const HEADING = 'How You Compare to Similar MSPs';
/** Why no figures are shown yet: the server sends none until three other MSPs like the visitor answered. */
export const COMPARISON_WITHHELD = 'The comparison appears once three similar MSPs have taken the assessment';

/** "How You Compare to Similar MSPs": fetched once the results are in; with too few peers it says why. */
export function ComparisonSection({
  submissionId,
  demographicData,
  pillarScores,
  overallLevel,
}: ComparisonSectionProps) {
  const api = useApi();
  const { language } = useLanguage();
  const comparison = useQuery(publicQueries.comparison(api, submissionId, true, language));

  if (comparison.isPending) return null;
  if (comparison.isError) {
    return (
      <Card className="results-card" role="region" aria-labelledby="comparison-heading">
        <h2 id="comparison-heading" className="results-card__title">
          {HEADING}
        </h2>
        <p className="muted">Failed to fetch comparison data.</p>
      </Card>
    );
  }
  const data = comparison.data;
  // The server sends figures only once enough other MSPs have answered: until then, say so.
  if (data.basis === null) {
    return (
      <Card className="results-card" role="region" aria-labelledby="comparison-heading">
        <h2 id="comparison-heading" className="results-card__title">
          {HEADING}
        </h2>
        <p className="muted">{COMPARISON_WITHHELD}</p>
      </Card>
    );
  }

  const ownLevel = clampLevel(overallLevel);
  const peerAverageByName = new Map(data.avgPillarScores.map((p) => [p.pillarName, p.avgScore]));
  const distribution = MATURITY_LEVELS.map((level) => ({
    ...level,
    percentage: Math.round(data.distribution.find((d) => d.level === level.level)?.percentage ?? 0),
  }));

  return (
    <Card className="results-card comparison" role="region" aria-labelledby="comparison-heading">
      <h2 id="comparison-heading" className="results-card__title">
        {HEADING}
      </h2>
      <p className="results-card__lead">
        Compared to {data.totalSubmissions} other MSPs {similarityPhrase(data.basis, demographicData)}
      </p>

      <div className="comparison__grid">
        <div className="comparison__panel">
          <h3 className="comparison__subtitle">Overall level</h3>
          <dl className="comparison__levels">
            <div>
              <dt>You</dt>
              <dd>
                <LevelBadge level={ownLevel} />
              </dd>
            </div>
            <div>
              <dt>Peer average</dt>
              <dd>
                <span className="comparison__average">{data.avgMaturityLevel.toFixed(1)}</span>
                <span className="muted"> {LEVEL_TEXT.outOfTop} </span>
                <LevelBadge level={data.avgMaturityLevel} />
              </dd>
            </div>
          </dl>

          <h3 className="comparison__subtitle">How peers are distributed</h3>
          <ul className="comparison__distribution">
            {distribution.map((level) => (
              <li key={level.level}>
                <div className="comparison__row">
                  <span>
                    {levelLabel(level.level)}
                    {level.level === ownLevel && (
                      <Tag minimal round className="comparison__you">
                        You
                      </Tag>
                    )}
                  </span>
                  <span className="comparison__value">{level.percentage}%</span>
                </div>
                <ScoreBar percent={level.percentage} color={levelColor(level.level)} />
              </li>
            ))}
          </ul>
        </div>

        <div className="comparison__panel">
          <h3 className="comparison__subtitle">By pillar</h3>
          <div className="comparison__legend" aria-hidden="true">
            <span className="comparison__legend-you">You</span>
            <span className="comparison__legend-peers">Peer average</span>
          </div>
          <ul className="comparison__pillars">
            {pillarScores.map((score) => {
              const yours = percentOf(score.normalizedScore);
              const peers = peerAverageByName.get(score.pillarName);
              const peerPercent = peers === undefined ? null : percentOf(peers);
              return (
                <li key={score.pillarId}>
                  <div className="comparison__row">
                    <span className="comparison__pillar-name">{score.pillarName}</span>
                    <span className="comparison__value">
                      You {yours}% · Peers {peerPercent === null ? 'n/a' : `${peerPercent}%`}
                    </span>
                  </div>
                  <ScoreBar percent={yours} color="var(--accent)" />
                  {peerPercent !== null && <ScoreBar percent={peerPercent} muted />}
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </Card>
  );
}
