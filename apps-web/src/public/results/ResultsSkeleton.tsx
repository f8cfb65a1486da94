import { Card, Classes } from '@blueprintjs/core';
import { useT } from '../../lib/i18n/i18n-context.js';

const SKELETON_PILLARS = 6;

/**
 * The results page's shape while the results load: the header, banner, chart, score list and
 * analysis as placeholders, so the page does not jump when they arrive. The loading text
 * stays readable for everyone, and is what assistive technology announces.
 */
export function ResultsSkeleton() {
  const t = useT();
  return (
    <div className="results results--loading" aria-busy="true">
      <header className="results__header">
        <p className="results__loading-text" role="status">
          {t('results.loading')}
        </p>
        <div className={`results-skeleton__line results-skeleton__line--title ${Classes.SKELETON}`} />
        <div className={`results-skeleton__line results-skeleton__line--subtitle ${Classes.SKELETON}`} />
      </header>
      <div className="results-skeleton__banner" aria-hidden="true">
        <div className={`results-skeleton__dial ${Classes.SKELETON}`} />
        <div className="results-skeleton__stack">
          <div className={`results-skeleton__line results-skeleton__line--short ${Classes.SKELETON}`} />
          <div className={`results-skeleton__line results-skeleton__line--heading ${Classes.SKELETON}`} />
          <div className={`results-skeleton__line ${Classes.SKELETON}`} />
        </div>
      </div>
      <div className="results__scores" aria-hidden="true">
        <Card className="results-card">
          <div className={`results-skeleton__line results-skeleton__line--heading ${Classes.SKELETON}`} />
          <div className={`results-skeleton__chart ${Classes.SKELETON}`} />
        </Card>
        <Card className="results-card">
          <div className={`results-skeleton__line results-skeleton__line--heading ${Classes.SKELETON}`} />
          <div className="results-skeleton__stack">
            {Array.from({ length: SKELETON_PILLARS }, (_, index) => (
              <div key={index} className={`results-skeleton__bar ${Classes.SKELETON}`} />
            ))}
          </div>
        </Card>
      </div>
      <Card className="results-card" aria-hidden="true">
        <div className={`results-skeleton__line results-skeleton__line--heading ${Classes.SKELETON}`} />
        <div className="results-skeleton__stack">
          <div className={`results-skeleton__line ${Classes.SKELETON}`} />
          <div className={`results-skeleton__line ${Classes.SKELETON}`} />
          <div className={`results-skeleton__line results-skeleton__line--short ${Classes.SKELETON}`} />
        </div>
      </Card>
    </div>
  );
}
