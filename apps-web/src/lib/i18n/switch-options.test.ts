import { describe, expect, it } from 'vitest';
import { switchOptions } from './switch-options.js';

const OFFERED = [
  { tag: 'en', nativeName: 'English', dir: 'ltr' as const },
  { tag: 'de', nativeName: 'Deutsch', dir: 'ltr' as const },
];

describe('the language switcher’s options', () => {
  it('list the offered languages by their own names where they are known', () => {
    expect(switchOptions(OFFERED, 'de', true)).toEqual([
      { value: 'en', label: 'English' },
      { value: 'de', label: 'Deutsch' },
    ]);
  });

  it('list only the current language where the drawing could not know the offered ones', () => {
    expect(switchOptions(OFFERED, 'de', false)).toEqual([{ value: 'de', label: 'Deutsch' }]);
    // The build's prerender knows none; the page's own language reads the same.
    expect(switchOptions([], 'de', true)).toEqual([{ value: 'de', label: 'Deutsch' }]);
  });

  it('keep the current language listed when it is no longer offered', () => {
    expect(switchOptions(OFFERED, 'ar', true)).toEqual([
      { value: 'ar', label: 'العربية' },
      { value: 'en', label: 'English' },
      { value: 'de', label: 'Deutsch' },
    ]);
  });
});
