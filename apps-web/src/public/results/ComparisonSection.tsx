import { Card, Tag } from '@blueprintjs/core';
import { clampLevel, MATURITY_LEVELS, similarityPhrase, type PillarScore } from '@msp/shared/browser';
import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { LevelBadge } from '../../components/LevelBadge.js';
import { TOP_LEVEL } from './results-text.js';
import { levelColor, percentOf, ScoreBar } from './ScoreBar.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { useLevelLabel } from '../../lib/i18n/use-level-label.js';

interface ComparisonSectionProps {
  submissionId: string;
  demographicData: Readonly<Record<string, string>>;
  pillarScores: readonly PillarScore[];
  overallLevel: number;
}

/** "How You Compare to Similar MSPs": fetched once the results are in; with too few peers it says why. */
export function ComparisonSection({
  submissionId,
  demographicData,
  pillarScores,
  overallLevel,
}: ComparisonSectionProps) {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const levels = useLevelLabel();
  const heading = t('results.comparison.heading');
  const percent = (value: number) => t('results.percent', { value: value / 100 });
  const comparison = useQuery(publicQueries.comparison(api, submissionId, true, language));

  if (comparison.isPending) return null;
  if (comparison.isError) {
    return (
      <Card className="results-card" role="region" aria-labelledby="comparison-heading">
        <h2 id="comparison-heading" className="results-card__title">
          {heading}
        </h2>
        <p className="muted">{t('results.comparison.failed')}</p>
      </Card>
    );
  }
  const data = comparison.data;
  // The server sends figures only once three other MSPs like the visitor have answered: until
  // then, say so.
  if (data.basis === null) {
    return (
      <Card className="results-card" role="region" aria-labelledby="comparison-heading">
        <h2 id="comparison-heading" className="results-card__title">
          {heading}
        </h2>
        <p className="muted">{t('results.comparison.withheld')}</p>
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
        {heading}
      </h2>
      <p className="results-card__lead">
        {t('results.comparison.lead', {
          count: data.totalSubmissions,
          similarity: similarityPhrase(t, data.basis, demographicData),
        })}
      </p>

      <div className="comparison__grid">
        <div className="comparison__panel">
          <h3 className="comparison__subtitle">{t('results.comparison.overall')}</h3>
          <dl className="comparison__levels">
            <div>
              <dt>{t('results.comparison.you')}</dt>
              <dd>
                <LevelBadge level={ownLevel} />
              </dd>
            </div>
            <div>
              <dt>{t('results.comparison.peerAverage')}</dt>
              <dd>
                <span className="comparison__average">
                  {t('results.comparison.averageValue', { average: data.avgMaturityLevel })}
                </span>
                <span className="muted"> {t('results.ofTop', { top: TOP_LEVEL })} </span>
                <LevelBadge level={data.avgMaturityLevel} />
              </dd>
            </div>
          </dl>

          <h3 className="comparison__subtitle">{t('results.comparison.distribution')}</h3>
          <ul className="comparison__distribution">
            {distribution.map((level) => (
              <li key={level.level}>
                <div className="comparison__row">
                  <span>
                    {levels.label(level.level)}
                    {level.level === ownLevel && (
                      <Tag minimal round className="comparison__you">
                        {t('results.comparison.you')}
                      </Tag>
                    )}
                  </span>
                  <span className="comparison__value">{percent(level.percentage)}</span>
                </div>
                <ScoreBar percent={level.percentage} color={levelColor(level.level)} />
              </li>
            ))}
          </ul>
        </div>

        <div className="comparison__panel">
          <h3 className="comparison__subtitle">{t('results.comparison.byPillar')}</h3>
          <div className="comparison__legend" aria-hidden="true">
            <span className="comparison__legend-you">{t('results.comparison.you')}</span>
            <span className="comparison__legend-peers">{t('results.comparison.peerAverage')}</span>
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
                      {peerPercent === null
                        ? t('results.comparison.pillarValuesNoPeers', { yours: yours / 100 })
                        : t('results.comparison.pillarValues', {
                            yours: yours / 100,
                            peers: peerPercent / 100,
                          })}
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
