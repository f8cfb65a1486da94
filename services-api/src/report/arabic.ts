import type PDFDocument from 'pdfkit';
import { faceName, type FontSet } from './fonts.js';
import type { Piece, TextStyle } from './text.js';

/**
 * Every shaping feature off: each character its own isolated glyph, which maps back to exactly
 * that character.
 */
const UNSHAPED = Object.fromEntries(
  [
    'ccmp',
    'locl',
    'isol',
    'init',
    'medi',
    'fina',
    'rlig',
    'liga',
    'dlig',
    'calt',
    'kern',
    'mark',
    'mkmk',
  ].map((feature) => [feature, false]),
);

/** Glyph outlines as SVG path data, by face and glyph: the same letters recur on every page. */
const outlines = new WeakMap<object, Map<number, string>>();

function outlineOf(face: object, glyph: { id: number; path: { toSVG(): string } }): string {
  let byGlyph = outlines.get(face);
  if (!byGlyph) outlines.set(face, (byGlyph = new Map()));
  let svg = byGlyph.get(glyph.id);
  if (svg === undefined) byGlyph.set(glyph.id, (svg = glyph.path.toSVG()));
  return svg;
}

/**
 * Arabic as it must look and as it must read back. Noto Sans Arabic shapes a letter from a
 * dotless body and its dots, and the body is shared by several letters (ب ت ث ن ي), so no
 * ToUnicode map can say which letter a shaped glyph is: a copied or extracted word would come out
 * wrong. So the shaped glyphs are drawn as outlines, which carry no text, and over them the same
 * letters are set unshaped in the embedded face, transparent and stretched to the shaped width:
 * that layer is what a reader selects, copies, searches and reads aloud, letter for letter.
 */
export function drawArabic(
  doc: InstanceType<typeof PDFDocument>,
  fonts: FontSet,
  piece: Piece,
  style: TextStyle,
  x: number,
  top: number,
): void {
  const face = fonts.arabic[style.weight];
  const scale = style.size / face.unitsPerEm;
  // pdfkit sets a line's baseline at its ascender below the top, as for every other face.
  const baseline = top + face.ascent * scale;
  const run = face.layout(piece.text);
  let pen = 0;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    const svg = outlineOf(face, glyph);
    if (svg) {
      doc
        .save()
        .translate(x + (pen + position.xOffset) * scale, baseline - position.yOffset * scale)
        .scale(scale, -scale)
        .path(svg)
        .fill(style.color)
        .restore();
    }
    pen += position.xAdvance;
  });
  const name = faceName('arabic', style.weight);
  doc.font(name).fontSize(style.size);
  const plainWidth = doc.widthOfString(piece.text, { features: UNSHAPED as never });
  doc
    .fillOpacity(0)
    .text(piece.text, x, top, {
      lineBreak: false,
      features: UNSHAPED as never,
      // pdfkit takes it; its types do not list it yet.
      ...{ horizontalScaling: plainWidth > 0 ? (piece.width / plainWidth) * 100 : 100 },
    })
    .fillOpacity(1);
}
