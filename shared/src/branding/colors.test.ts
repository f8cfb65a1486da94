import { describe, expect, it } from 'vitest';
import {
  accentOn,
  accentProperties,
  contrastRatio,
  DARK_SURFACE,
  DEFAULT_ACCENT_COLOR,
  LIGHT_SURFACE,
  textOnAccent,
} from './colors.js';
import { COVER_LAYOUT, coverLogoSize } from './cover.js';

const COLOURS = ['#215db0', '#f5c400', '#0b7a5a', '#ffffff', '#000000', '#ff00ff', '#1c2127', '#7fdbff'];

describe('the accent colour', () => {
  it('gets WCAG contrast right on known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio(DEFAULT_ACCENT_COLOR, '#ffffff')).toBeGreaterThan(6);
  });

  it.each(COLOURS)(
    'keeps %s readable: text on it, and it as text on either theme, at 4.5:1 or better',
    (accent) => {
      expect(contrastRatio(textOnAccent(accent), accent)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(accentOn(accent, LIGHT_SURFACE), LIGHT_SURFACE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(accentOn(accent, DARK_SURFACE), DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
      for (const theme of ['light', 'dark'] as const) {
        const properties = accentProperties(accent, theme);
        expect(
          contrastRatio(properties['--brand-on-accent']!, properties['--brand-accent']!),
        ).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('leaves a colour that already reads as it is, and lightens a dark one on the dark theme', () => {
    expect(accentOn('#215db0', LIGHT_SURFACE)).toBe('#215db0');
    expect(textOnAccent('#f5c400')).toBe('#1c2127');
    expect(textOnAccent('#215db0')).toBe('#ffffff');
    const dark = accentOn('#0b7a5a', DARK_SURFACE);
    expect(dark).not.toBe('#0b7a5a');
    expect(contrastRatio(dark, '#ffffff')).toBeLessThan(contrastRatio('#0b7a5a', '#ffffff'));
  });
});

describe("the report cover's logo box", () => {
  it('keeps the proportions inside the box, whichever side limits', () => {
    expect(coverLogoSize(1024, 256)).toEqual({ width: COVER_LAYOUT.logoMaxWidth, height: 50 });
    expect(coverLogoSize(100, 100)).toEqual({ width: 64, height: 64 });
  });
});
