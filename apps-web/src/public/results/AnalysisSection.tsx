import { Card, Icon } from '@blueprintjs/core';
import type { Recommendation } from '@msp/shared/browser';
import { useT } from '../../lib/i18n/i18n-context.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { canDrawColourEmoji, recommendationEmoji, recommendationIcon } from './recommendation-icon.js';

/** At most three recommendations are shown; missing emojis default by position. */
const MAX_RECOMMENDATIONS = 3;

export function AnalysisSection({
  summary,
  recommendations,
}: {
  summary: string;
  recommendations: readonly Recommendation[];
}) {
  const t = useT();
  const paragraphs = summary
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const top = recommendations.slice(0, MAX_RECOMMENDATIONS);
  // Drawn by the server, the page has the emoji most browsers draw, as it has while React takes it over.
  const colourEmoji = useHydrated() ? canDrawColourEmoji() : true;
  return (
    <Card className="results-card analysis" role="region" aria-labelledby="analysis-heading">
      <h2 id="analysis-heading" className="results-card__title">
        {t('results.analysis.heading')}
      </h2>
      <div className="analysis__summary">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {top.length > 0 && (
        <>
          <h3 className="analysis__subtitle">{t('results.analysis.recommendations')}</h3>
          <ol className="analysis__recommendations">
            {top.map((recommendation, index) => (
              <li key={index} className="analysis__recommendation">
                {colourEmoji ? (
                  <span className="analysis__emoji" aria-hidden="true">
                    {recommendationEmoji(recommendation.emoji, index)}
                  </span>
                ) : (
                  <span className="analysis__emoji analysis__emoji--icon" aria-hidden="true">
                    <Icon icon={recommendationIcon(recommendation.emoji, index)} size={22} />
                  </span>
                )}
                <div>
                  <h4 className="analysis__recommendation-title">{recommendation.title}</h4>
                  <p className="analysis__recommendation-text">{recommendation.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}
