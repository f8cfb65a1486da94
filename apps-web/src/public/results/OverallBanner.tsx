import { clampLevel, MATURITY_LEVELS } from '@msp/shared/browser';
import { LEVEL_TEXT } from './results-text.js';
import { levelColor } from './ScoreBar.js';

/** The overall level: the rounded mean of the pillar levels, in the level's colour. */
export function OverallBanner({ level }: { level: number }) {
  const info = MATURITY_LEVELS[clampLevel(level)];
  return (
    <section
      className={`overall-banner overall-banner--${info.level}`}
      style={{ ['--banner-color' as string]: levelColor(info.level) }}
      aria-labelledby="overall-level-heading"
    >
      <div className="overall-banner__dial" aria-hidden="true">
        <span className="overall-banner__of">{LEVEL_TEXT.dialLabel}</span>
        <span className="overall-banner__number">{info.level}</span>
        <span className="overall-banner__of">{LEVEL_TEXT.outOfTop}</span>
      </div>
      <div className="overall-banner__body">
        <p className="overall-banner__eyebrow">Overall Maturity Level</p>
        <h2 id="overall-level-heading" className="overall-banner__title">
          Level {info.level}: {info.name}
        </h2>
        <p className="overall-banner__description">{info.description}</p>
        <ol className="overall-banner__scale" aria-label="Maturity levels">
          {MATURITY_LEVELS.map((step) => (
            <li
              key={step.level}
              className={step.level <= info.level ? 'is-reached' : undefined}
              aria-current={step.level === info.level ? 'step' : undefined}
            >
              <span className="overall-banner__scale-bar" aria-hidden="true" />
              <span className="overall-banner__scale-label">
                {step.level} {step.name}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
