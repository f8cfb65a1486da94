import { IconNames, type IconName } from '@blueprintjs/icons';

/** The default emojis by position: target, rocket, star. */
export const DEFAULT_EMOJIS = ['🎯', '🚀', '⭐'] as const;
const DEFAULT_ICONS: readonly IconName[] = [IconNames.TARGET, IconNames.ROCKET, IconNames.STAR];

/**
 * Blueprint icons for the emojis the analysis gives (the built-in analyst's three, and the ones a
 * model picks most for MSP advice), for screens with no emoji font.
 */
const EMOJI_ICONS: Record<string, IconName> = {
  '🎯': IconNames.TARGET,
  '🚀': IconNames.ROCKET,
  '⭐': IconNames.STAR,
  '🌟': IconNames.STAR,
  '📈': IconNames.TRENDING_UP,
  '📊': IconNames.TIMELINE_BAR_CHART,
  '💡': IconNames.LIGHTBULB,
  '🔧': IconNames.WRENCH,
  '🛠': IconNames.BUILD,
  '⚙': IconNames.COG,
  '🤖': IconNames.AUTOMATIC_UPDATES,
  '🔄': IconNames.REFRESH,
  '⚡': IconNames.FLASH,
  '🤝': IconNames.PEOPLE,
  '👥': IconNames.PEOPLE,
  '🧠': IconNames.LEARNING,
  '🎓': IconNames.LEARNING,
  '📚': IconNames.BOOK,
  '📋': IconNames.CLIPBOARD,
  '📝': IconNames.DOCUMENT,
  '✅': IconNames.TICK_CIRCLE,
  '🔒': IconNames.LOCK,
  '🛡': IconNames.SHIELD,
  '🏆': IconNames.TROPHY,
  '👑': IconNames.CROWN,
  '🧭': IconNames.COMPASS,
  '🗺': IconNames.MAP,
  '🔍': IconNames.SEARCH,
  '💰': IconNames.DOLLAR,
  '💵': IconNames.DOLLAR,
  '⏱': IconNames.TIME,
  '⏰': IconNames.TIME,
  '📅': IconNames.CALENDAR,
  '🔗': IconNames.LINK,
  '🏁': IconNames.FLAG,
  '🚩': IconNames.FLAG,
  '💬': IconNames.CHAT,
};

/** The emoji shown for a recommendation: its own, else the default for its position. */
export function recommendationEmoji(emoji: string, index: number): string {
  return emoji.trim() || DEFAULT_EMOJIS[index % DEFAULT_EMOJIS.length]!;
}

/** Variation selectors (text or emoji style) and skin tones: they do not change the meaning. */
function isPresentationModifier(character: string): boolean {
  const code = character.codePointAt(0)!;
  return code === 0xfe0e || code === 0xfe0f || (code >= 0x1f3fb && code <= 0x1f3ff);
}

/** The icon standing in for an emoji: its match, else the default icon for the position. */
export function recommendationIcon(emoji: string, index: number): IconName {
  const base = [...emoji.trim()].filter((character) => !isPresentationModifier(character)).join('');
  return EMOJI_ICONS[base] ?? DEFAULT_ICONS[index % DEFAULT_ICONS.length]!;
}

/**
 * Whether RGBA pixels hold any colour. A colour emoji font paints in colour whatever the fill
 * style; without one the browser draws a monochrome glyph or an empty box in the fill colour.
 */
export function hasColouredPixel(rgba: ArrayLike<number>): boolean {
  for (let i = 0; i < rgba.length; i += 4) {
    const [r, g, b, a] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!, rgba[i + 3]!];
    if (a > 0 && (r !== g || g !== b)) return true;
  }
  return false;
}

/** The fonts the emoji are drawn in (results.css, .analysis__emoji): the same ones are measured. */
const EMOJI_FONTS = "'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', sans-serif";

let colourEmoji: boolean | undefined;

/**
 * Whether this browser can draw colour emoji, measured once by painting one on a canvas in the
 * emoji fonts. Systems without an emoji font (many Linux desktops, some kiosks) get icons.
 */
export function canDrawColourEmoji(): boolean {
  if (colourEmoji !== undefined) return colourEmoji;
  const size = 32;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return (colourEmoji = false);
  context.font = `24px ${EMOJI_FONTS}`;
  context.textBaseline = 'top';
  context.fillStyle = '#000';
  context.fillText(DEFAULT_EMOJIS[1], 0, 0);
  return (colourEmoji = hasColouredPixel(context.getImageData(0, 0, size, size).data));
}
