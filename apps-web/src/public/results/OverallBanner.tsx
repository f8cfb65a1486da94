import { clampLevel, MATURITY_LEVELS } from '@msp/shared/browser';
import { useT } from '../../lib/i18n/i18n-context.js';
import { useLevelLabel } from '../../lib/i18n/use-level-label.js';
import { TOP_LEVEL } from './results-text.js';
import { levelColor } from './ScoreBar.js';

/** The overall level: the rounded mean of the pillar levels, in the level's colour. */
export function OverallBanner({ level }: { level: number }) {
  const t = useT();
  const levels = useLevelLabel();
  const info = MATURITY_LEVELS[clampLevel(level)];
  return (
    <section
      className={`overall-banner overall-banner--${info.level}`}
      style={{ ['--banner-color' as string]: levelColor(info.level) }}
      aria-labelledby="overall-level-heading"
    >
      <div className="overall-banner__dial" aria-hidden="true">
        <span className="overall-banner__of">{t('results.dialLevel')}</span>
        <span className="overall-banner__number">{info.level}</span>
        <span className="overall-banner__of">{t('results.ofTop', { top: TOP_LEVEL })}</span>
      </div>
      <div className="overall-banner__body">
        <p className="overall-banner__eyebrow">{t('results.banner.eyebrow')}</p>
        <h2 id="overall-level-heading" className="overall-banner__title">
          {levels.label(info.level)}
        </h2>
        <p className="overall-banner__description">{levels.description(info.level)}</p>
        <ol className="overall-banner__scale" aria-label={t('results.banner.scale')}>
          {MATURITY_LEVELS.map((step) => (
            <li
              key={step.level}
              className={step.level <= info.level ? 'is-reached' : undefined}
              aria-current={step.level === info.level ? 'step' : undefined}
            >
              <span className="overall-banner__scale-bar" aria-hidden="true" />
              <span className="overall-banner__scale-label">
                {t('results.banner.scaleStep', { level: step.level, name: levels.name(step.level) })}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
