/**
 * The accent colour's arithmetic, shared by the results page, its email, the report and the
 * Settings screen's preview: whatever colour a provider picks, text on it and it as text stay
 * readable (WCAG AA, 4.5:1).
 */

/** The product's own primary colour: the accent until an administrator picks the provider's. */
export const DEFAULT_ACCENT_COLOR = '#215db0';

/** WCAG's contrast for normal text. */
export const AA_CONTRAST = 4.5;

const DARK_TEXT = '#1c2127';
const LIGHT_TEXT = '#ffffff';
/** The surfaces the accent sits on: light theme's white, dark theme's card. */
export const LIGHT_SURFACE = '#ffffff';
export const DARK_SURFACE = '#252a31';

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c!)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** Whether a text is a `#rrggbb` colour, as the setting stores it. */
export function isHexColor(text: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(text);
}

/** The text colour on an accent fill (a button, the report's band): white or near-black, whichever reads better. */
export function textOnAccent(accent: string): string {
  return contrastRatio(accent, LIGHT_TEXT) >= contrastRatio(accent, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/** `hex` mixed toward `toward` by `amount` (0 to 1). */
function mix(hex: string, toward: string, amount: number): string {
  const from = channels(hex);
  const to = channels(toward);
  return toHex(from.map((c, i) => c + (to[i]! - c) * amount));
}

/**
 * The accent as a colour for text and lines on `surface`: the accent itself when it reads at AA,
 * else the nearest shade that does, darkened on a light surface and lightened on a dark one.
 */
export function accentOn(accent: string, surface: string): string {
  if (contrastRatio(accent, surface) >= AA_CONTRAST) return accent;
  const toward = luminance(surface) > 0.5 ? '#000000' : '#ffffff';
  for (let step = 1; step <= 20; step++) {
    const shade = mix(accent, toward, step / 20);
    if (contrastRatio(shade, surface) >= AA_CONTRAST) return shade;
  }
  return toward;
}

/** The custom properties a page sets from the accent, for each theme. */
export function accentProperties(accent: string, theme: 'light' | 'dark'): Record<string, string> {
  const surface = theme === 'dark' ? DARK_SURFACE : LIGHT_SURFACE;
  const fill = theme === 'dark' ? accentOn(accent, surface) : accent;
  return {
    '--brand-accent': fill,
    '--brand-on-accent': textOnAccent(fill),
    '--brand-accent-text': accentOn(accent, surface),
  };
}
