import type { VisitorChange } from '@msp/shared/browser';
import type { T } from '../../lib/i18n/i18n-context.js';

/** "+12.5", "−3.0", "0.0": a change in points, signed, one decimal, in the page's language. */
export function signedPoints(value: number, language: string): string {
  return new Intl.NumberFormat(language, {
    signDisplay: 'exceptZero',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** Which way a change went, for its colour and icon. */
export function direction(change: VisitorChange): 'up' | 'down' | 'same' {
  if (change.level !== 0) return change.level > 0 ? 'up' : 'down';
  return change.score > 0 ? 'up' : change.score < 0 ? 'down' : 'same';
}

/** "up 1 level, +12.5 points" in the page's language. */
export function changeText(t: T, change: VisitorChange, language: string): string {
  const levels =
    change.level > 0
      ? t('my.change.up', { count: change.level })
      : change.level < 0
        ? t('my.change.down', { count: -change.level })
        : t('my.change.same');
  return `${levels}, ${t('my.change.score', { value: signedPoints(change.score, language) })}`;
}
