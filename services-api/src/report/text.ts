import * as bidiModule from 'bidi-js';
import type { Bidi } from 'bidi-js';
import { splitByFace, type Face, type FontSet, type Script, type Weight } from './fonts.js';

// bidi-js is CommonJS whose exports are the factory, typed as an ES default export: Node hands it
// over as the namespace's default, which the server's build (NodeNext) and the tests' bundler
// resolution type differently. Read at run time, it is the same function either way.
const bidiFactory = ((bidiModule as { default?: unknown }).default ?? bidiModule) as () => Bidi;
const bidi = bidiFactory();

/** How a run of text is set. */
export interface TextStyle {
  size: number;
  weight: Weight;
  color: string;
}

/** A stretch of one line that one face sets at one embedding level, in logical order. */
export interface Piece {
  text: string;
  script: Script;
  /** Its Unicode bidi embedding level: odd reads right to left. */
  level: number;
  width: number;
}

/** A laid-out line: its pieces in the order they are drawn, left to right, and its width. */
export interface Line {
  pieces: Piece[];
  width: number;
}

/** Advance widths in font units, by face and text: the same words recur in every report. */
const advances = new WeakMap<Face, Map<string, number>>();
const ADVANCES_KEPT = 20_000;

/** The width of a text in one face at one size, in points (the face's own layout: kerning, shaping). */
export function widthIn(face: Face, text: string, size: number): number {
  let byText = advances.get(face);
  if (!byText) advances.set(face, (byText = new Map()));
  let advance = byText.get(text);
  if (advance === undefined) {
    advance = face.layout(text).advanceWidth;
    if (byText.size >= ADVANCES_KEPT) byText.clear();
    byText.set(text, advance);
  }
  return (advance * size) / face.unitsPerEm;
}

/** Hebrew, Arabic and their presentation forms: without any, a line's levels need no algorithm. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/** A word (or the space after it) cut into pieces of one face and one level. */
function piecesOf(
  text: string,
  levels: Uint8Array,
  offset: number,
  fonts: FontSet,
  style: TextStyle,
): Piece[] {
  const pieces: Piece[] = [];
  let index = offset;
  for (const run of splitByFace(text, fonts, style.weight)) {
    let start = 0;
    // Within a face's run, a change of level starts a new piece.
    for (let i = 1; i <= run.text.length; i++) {
      if (i < run.text.length && levels[index + i] === levels[index + start]) continue;
      const part = run.text.slice(start, i);
      pieces.push({
        text: part,
        script: run.script,
        level: levels[index + start] ?? 0,
        width: widthIn(fonts[run.script][style.weight], part, style.size),
      });
      start = i;
    }
    index += run.text.length;
  }
  return pieces;
}

/** Joins neighbouring pieces of the same face and level, so a run of words is shaped as one. */
function merged(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last && last.script === piece.script && last.level === piece.level) {
      out[out.length - 1] = { ...last, text: last.text + piece.text, width: last.width + piece.width };
    } else out.push({ ...piece });
  }
  return out;
}

/**
 * The pieces of a line in the order they are drawn (rule L2 of the bidi algorithm, on whole
 * pieces): from the highest level down to the lowest odd one, every stretch at that level or
 * above is reversed. A right-to-left piece's own letters are reversed by the face's layout, which
 * shapes them in reading order.
 */
function visualOrder(pieces: Piece[]): Piece[] {
  const order = [...pieces];
  const highest = Math.max(0, ...order.map((piece) => piece.level));
  const lowestOdd = Math.min(...order.map((piece) => piece.level).filter((level) => level % 2 === 1));
  for (let level = highest; level >= lowestOdd && Number.isFinite(lowestOdd); level--) {
    for (let i = 0; i < order.length; i++) {
      if (order[i]!.level < level) continue;
      let end = i;
      while (end + 1 < order.length && order[end + 1]!.level >= level) end++;
      order.splice(i, end - i + 1, ...order.slice(i, end + 1).reverse());
      i = end;
    }
  }
  return order;
}

const isSpace = (piece: Piece) => piece.text.trim() === '';

function finishLine(pieces: Piece[]): Line {
  while (pieces.length && isSpace(pieces.at(-1)!)) pieces.pop();
  const joined = merged(pieces);
  return { pieces: visualOrder(joined), width: joined.reduce((sum, piece) => sum + piece.width, 0) };
}

/** A word wider than a line, cut where it must be (a long link). */
function cutToWidth(word: Piece[], maxWidth: number, fonts: FontSet, style: TextStyle): Piece[][] {
  const parts: Piece[][] = [];
  let current: Piece[] = [];
  let width = 0;
  for (const piece of word) {
    for (const char of piece.text) {
      const charWidth = widthIn(fonts[piece.script][style.weight], char, style.size);
      if (width + charWidth > maxWidth && current.length) {
        parts.push(current);
        current = [];
        width = 0;
      }
      current.push({ ...piece, text: char, width: charWidth });
      width += charWidth;
    }
  }
  if (current.length) parts.push(current);
  return parts;
}

/**
 * Breaks a paragraph into lines no wider than `maxWidth`, between words; each line's pieces come
 * out in drawing order. `rtl` is the paragraph's base direction (the page's language).
 */
export function layoutParagraph(
  text: string,
  maxWidth: number,
  fonts: FontSet,
  style: TextStyle,
  rtl: boolean,
): Line[] {
  // Each paragraph's direction from its first strong letter (as HTML's dir="auto"): an untranslated
  // English sentence on an Arabic page keeps its full stop at its end. The page's direction
  // decides only a paragraph with no letter at all.
  const hasLetter = /\p{L}/u.test(text);
  // Left-to-right letters alone (or no letter on a left-to-right page) are all level 0.
  const levels =
    !RIGHT_TO_LEFT.test(text) && (hasLetter || !rtl)
      ? new Uint8Array(text.length)
      : bidi.getEmbeddingLevels(text, hasLetter ? undefined : rtl ? 'rtl' : 'ltr').levels;
  const lines: Line[] = [];
  let current: Piece[] = [];
  let width = 0;
  let offset = 0;
  for (const token of text.split(/(\s+)/)) {
    if (token === '') continue;
    const pieces = piecesOf(token, levels, offset, fonts, style);
    offset += token.length;
    const tokenWidth = pieces.reduce((sum, piece) => sum + piece.width, 0);
    if (/^\s+$/.test(token)) {
      // A line never starts with the space that ended the one before.
      if (current.length) {
        current.push(...pieces);
        width += tokenWidth;
      }
      if (token.includes('\n')) {
        lines.push(finishLine(current));
        current = [];
        width = 0;
      }
      continue;
    }
    if (width + tokenWidth > maxWidth && current.some((piece) => !isSpace(piece))) {
      lines.push(finishLine(current));
      current = [];
      width = 0;
    }
    if (tokenWidth > maxWidth) {
      const parts = cutToWidth(pieces, maxWidth, fonts, style);
      for (const part of parts.slice(0, -1)) lines.push(finishLine(part));
      current = parts.at(-1) ?? [];
      width = current.reduce((sum, piece) => sum + piece.width, 0);
      continue;
    }
    current.push(...pieces);
    width += tokenWidth;
  }
  if (current.length) lines.push(finishLine(current));
  return lines;
}
