/**
 * The report cover's layout, in PDF points (1/72 inch), shared by the PDF report's cover and the
 * Settings screen's preview of it, so what the administrator sees while typing is the page the
 * visitor gets.
 */

/** Page sizes in points, portrait. */
export const PAPER_SIZES = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
} as const;
export type PaperSize = keyof typeof PAPER_SIZES;

export const COVER_LAYOUT = {
  /** The page's margins: about 2 cm, with room under the text for the footer. */
  margin: { side: 56, top: 56, bottom: 72 },
  /** The accent band across the top of the cover, above the logo. */
  bandHeight: 18,
  /** The logo's box: at most this tall, and at most this wide. */
  logoMaxHeight: 64,
  logoMaxWidth: 200,
  /** Space under the logo. */
  logoGap: 28,
  /** The overall level's panel. */
  panelHeight: 150,
  panelRadius: 8,
  /** The level colour's stripe at the panel's start. */
  panelStripe: 6,
} as const;

/** The type's colours, apart from the provider's accent. */
export const COVER_INK = { text: '#1c2127', muted: '#5f6b7c', rule: '#d3d8de', panel: '#f6f7f9' } as const;

/** The level colours of the results page's badges and bars, level 0 to 3. */
export const COVER_LEVEL_COLORS = ['#8f99a8', '#d1980b', '#2d72d2', '#238551'] as const;

/** The logo's drawn size on the cover: its proportions kept, inside the logo box. */
export function coverLogoSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(COVER_LAYOUT.logoMaxHeight / height, COVER_LAYOUT.logoMaxWidth / width);
  return { width: width * scale, height: height * scale };
}
