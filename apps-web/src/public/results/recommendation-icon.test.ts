import { describe, expect, it } from 'vitest';
import { hasColouredPixel, recommendationEmoji, recommendationIcon } from './recommendation-icon.js';

describe('recommendation emoji and its icon', () => {
  it('falls back to the target, rocket and star icons by position', () => {
    expect([0, 1, 2].map((index) => recommendationEmoji('  ', index))).toEqual(['🎯', '🚀', '⭐']);
    expect(recommendationEmoji('📈', 0)).toBe('📈');
  });

  it('maps known emojis to matching icons, ignoring variation selectors', () => {
    expect(recommendationIcon('🎯', 2)).toBe('target');
    expect(recommendationIcon('🚀', 0)).toBe('rocket');
    expect(recommendationIcon('📈', 0)).toBe('trending-up');
    expect(recommendationIcon('⚙️', 0)).toBe('cog');
    expect(recommendationIcon('🛠️', 1)).toBe('build');
    expect(recommendationIcon('🤝🏽', 2)).toBe('people');
  });

  it('gives an unknown emoji the default icon of its position', () => {
    expect(recommendationIcon('🦩', 0)).toBe('target');
    expect(recommendationIcon('🦩', 1)).toBe('rocket');
    expect(recommendationIcon('', 2)).toBe('star');
  });

  it('tells a colour glyph from a monochrome one by its pixels', () => {
    const transparent = [0, 0, 0, 0];
    const black = [0, 0, 0, 255];
    const grey = [128, 128, 128, 90];
    const orange = [240, 120, 20, 255];
    expect(hasColouredPixel([...transparent, ...black, ...grey])).toBe(false);
    expect(hasColouredPixel([...transparent, ...grey, ...orange])).toBe(true);
    expect(hasColouredPixel([])).toBe(false);
  });
});
