import { COVER_INK, COVER_LAYOUT } from '@msp/shared';
import type PDFDocument from 'pdfkit';
import { faceName, type FontSet, type Script } from './fonts.js';
import { drawArabic } from './arabic.js';
import { layoutParagraph, type Line, type TextStyle } from './text.js';

type Doc = InstanceType<typeof PDFDocument>;
export type StructElement = PDFKit.PDFStructureElement;

/** The page's margins, in points: the cover's, which the Settings screen's preview draws too. */
export const MARGIN = COVER_LAYOUT.margin;

/** A line's height as a multiple of its type size: open enough for Arabic's marks above and below. */
const LEADING = 1.45;

/** The colours of the type, apart from the provider's accent. */
export const INK = COVER_INK;

/**
 * Sets text down a page and onto the next when it is full, in the page's direction: a
 * right-to-left page mirrors every position and right-aligns its lines. Every line is marked as
 * the content of a structure element, so a reader reads the document in order; what only decorates
 * is marked as an artifact.
 */
export class Flow {
  y: number = MARGIN.top;

  constructor(
    readonly doc: Doc,
    readonly fonts: FontSet,
    readonly rtl: boolean,
  ) {}

  get left(): number {
    return MARGIN.side;
  }

  get width(): number {
    return this.doc.page.width - 2 * MARGIN.side;
  }

  get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  /** The left edge of a box `offset` points into the text column, mirrored on a right-to-left page. */
  x(offset: number, boxWidth: number): number {
    return this.rtl ? this.left + this.width - offset - boxWidth : this.left + offset;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = MARGIN.top;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  lineHeight(style: TextStyle): number {
    return style.size * LEADING;
  }

  lines(text: string, style: TextStyle, width: number): Line[] {
    return layoutParagraph(text, width, this.fonts, style, this.rtl);
  }

  /** Draws one laid-out line with its top at `y`, in the box from `x` `width` points wide. */
  drawLine(line: Line, style: TextStyle, x: number, width: number, y: number, align?: 'center'): void {
    const { doc } = this;
    let at = align === 'center' ? x + (width - line.width) / 2 : this.rtl ? x + width - line.width : x;
    // One baseline for every face on the line: each face's ascender differs.
    const ascentOf = (script: Script) => {
      const face = this.fonts[script][style.weight];
      return (face.ascent * style.size) / face.unitsPerEm;
    };
    const baseline = y + (this.lineHeight(style) - style.size * 1.2) / 2 + ascentOf('latin');
    doc.fillColor(style.color);
    for (const piece of line.pieces) {
      const top = baseline - ascentOf(piece.script);
      if (piece.script === 'arabic') drawArabic(doc, this.fonts, piece, style, at, top);
      else {
        doc
          .font(faceName(piece.script, style.weight))
          .fontSize(style.size)
          .text(piece.text, at, top, { lineBreak: false });
      }
      at += piece.width;
    }
  }

  /**
   * A paragraph (or heading) as the structure element `tag` under `parent`, each line in the
   * text column from `offset` and `width` (the whole column unless given), moving down the page.
   */
  paragraph(
    parent: StructElement,
    tag: string,
    text: string,
    style: TextStyle,
    {
      offset = 0,
      width = this.width,
      gapAfter = style.size * 0.6,
      keepWithNext = 0,
      align = undefined as 'center' | undefined,
    } = {},
  ): void {
    const element = this.doc.struct(tag);
    parent.add(element);
    const height = this.lineHeight(style);
    const lines = text.split(/\n{2,}/).flatMap((part) => this.lines(part.trim(), style, width));
    lines.forEach((line, index) => {
      // A heading is not left alone at the foot of a page.
      this.ensure(height + (index === 0 ? keepWithNext : 0));
      this.marked(element, tag, () =>
        this.drawLine(line, style, this.x(offset, width), width, this.y, align),
      );
      this.y += height;
    });
    element.end();
    this.y += gapAfter;
  }

  /** Draws as the marked content of `element`, on the current page. */
  marked(element: StructElement, tag: string, draw: () => void): void {
    const content = this.doc.markStructureContent(tag);
    draw();
    this.doc.endMarkedContent();
    element.add(content);
  }

  /** Draws what carries no meaning of its own (rules, panels, bars beside their numbers). */
  artifact(draw: () => void): void {
    this.doc.markContent('Artifact');
    draw();
    this.doc.endMarkedContent();
  }

  /** A thin rule across the column, under a section's heading. */
  rule(color: string): void {
    this.artifact(() => {
      this.doc
        .moveTo(this.left, this.y)
        .lineTo(this.left + this.width, this.y)
        .lineWidth(1)
        .strokeColor(color)
        .stroke();
    });
    this.y += 10;
  }
}
