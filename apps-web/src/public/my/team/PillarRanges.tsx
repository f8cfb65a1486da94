import { Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { MATURITY_LEVELS, type TeamPillar } from '@msp/shared/browser';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { formatMeanLevel, levelPosition, rankByDisagreement } from './team-view-model.js';

/**
 * Each pillar as a range on the 0–3 scale: a bar from the lowest to the highest level a colleague
 * reached, a marker at the mean, and the spread in words. The widest spreads come first and are
 * flagged, so where the team disagrees shows at a glance. `compact` leaves out the scale's labels
 * and the flags, for the per-role figures under the team's own.
 */
export function PillarRanges({
  pillars,
  compact = false,
}: {
  pillars: readonly TeamPillar[];
  compact?: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const ranked = compact
    ? pillars.map((pillar) => ({ pillar, mostDisagreement: false }))
    : rankByDisagreement(pillars);
  return (
    <div className={compact ? 'team-ranges team-ranges--compact' : 'team-ranges'}>
      {!compact && (
        // The bars' own labels say their levels; these are for the eye.
        <div className="team-ranges__scale" aria-hidden>
          <span />
          <div className="team-ranges__ticks">
            {MATURITY_LEVELS.map(({ level }) => (
              <span key={level} style={{ left: `${levelPosition(level)}%` }}>
                {t('team.pillars.scale', { level })}
              </span>
            ))}
          </div>
        </div>
      )}
      <ul className="team-ranges__list">
        {ranked.map(({ pillar, mostDisagreement }) => {
          const mean = formatMeanLevel(pillar.meanLevel, language);
          const low = levelPosition(pillar.lowestLevel);
          const high = levelPosition(pillar.highestLevel);
          return (
            <li
              key={pillar.pillarKey}
              className={mostDisagreement ? 'team-range team-range--flagged' : 'team-range'}
            >
              <div className="team-range__name">
                <strong>{pillar.pillarName}</strong>
                {mostDisagreement && (
                  <Tag intent="warning" minimal icon={IconNames.WARNING_SIGN} className="team-range__flag">
                    {t('team.pillars.mostDisagreement')}
                  </Tag>
                )}
              </div>
              <div
                className="team-range__track"
                role="img"
                aria-label={t('team.pillars.rangeLabel', {
                  pillar: pillar.pillarName,
                  lowest: pillar.lowestLevel,
                  highest: pillar.highestLevel,
                  mean,
                  members: pillar.members,
                })}
              >
                <span
                  className="team-range__bar"
                  style={{ left: `${low}%`, width: `calc(${high - low}% + 14px)` }}
                />
                <span className="team-range__mean" style={{ left: `${levelPosition(pillar.meanLevel)}%` }} />
              </div>
              <p className="team-range__figures">
                <span className="team-range__mean-text">{t('team.pillars.mean', { level: mean })}</span>
                <span>
                  {t('team.pillars.range', { lowest: pillar.lowestLevel, highest: pillar.highestLevel })}
                </span>
                <span className="team-range__spread">
                  {t('team.pillars.spread', { spread: pillar.spread })}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
