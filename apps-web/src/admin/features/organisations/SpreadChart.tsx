import type { TeamFigures } from '@msp/shared/browser';
import { levelText } from './organisation-text.js';

/** Where a level 0-3 sits on the track, in percent of its width. */
const at = (level: number) => `${(level / 3) * 100}%`;

/**
 * Each pillar's spread on one 0-3 track: a bar from the lowest member's level to the highest, a
 * dot at the mean, so disagreement is seen at a glance; the same in words beside it for readers
 * who do not see the bars.
 */
export function SpreadChart({ figures }: { figures: TeamFigures }) {
  return (
    <div className="spread-chart">
      <div className="spread-chart__scale" aria-hidden="true">
        <span />
        <span className="spread-chart__ticks">
          {[0, 1, 2, 3].map((level) => (
            <span key={level} style={{ left: at(level) }}>
              {level}
            </span>
          ))}
        </span>
      </div>
      <ul className="spread-chart__rows">
        {figures.pillars.map((pillar) => (
          <li key={pillar.pillarKey} className="spread-chart__row">
            <span className="spread-chart__name admin-wrap">{pillar.pillarName}</span>
            <span className="spread-chart__track" aria-hidden="true">
              <span
                className={`spread-chart__range${pillar.spread >= 2 ? ' spread-chart__range--wide' : ''}`}
                style={{
                  left: at(pillar.lowestLevel),
                  width: `calc(${at(pillar.highestLevel - pillar.lowestLevel)} + 2px)`,
                }}
              />
              <span className="spread-chart__mean" style={{ left: at(pillar.meanLevel) }} />
            </span>
            <span className="spread-chart__text admin-note">
              mean {levelText(pillar.meanLevel)}
              {pillar.spread > 0 ? `, ${pillar.lowestLevel}–${pillar.highestLevel}` : ', all agree'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
