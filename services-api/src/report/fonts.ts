import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/** The faces a report is set in: Noto Sans for Latin, Greek and Cyrillic, and its Arabic and Hebrew families. */
export type Script = 'latin' | 'arabic' | 'hebrew';
export type Weight = 'regular' | 'bold';

/** A parsed font face; pdfkit embeds it as a subset of the glyphs a document uses. */
export type Face = fontkit.Font;

const FILES: Record<Script, Record<Weight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  hebrew: {
    regular: '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
  },
};

/** The order faces are tried in for a character none prefers: the Latin face covers most punctuation. */
export const SCRIPTS: readonly Script[] = ['latin', 'arabic', 'hebrew'];

/**
 * fontkit caches a glyph object the first time any lookup asks for it, often without the
 * characters it stands for (a contextual Arabic form found while shaping). pdfkit writes the
 * PDF's ToUnicode map from those characters, so such a glyph would extract as nothing, or as
 * its glyph number. The characters the layout gives are kept on the glyph instead.
 */
function keepCodePoints(face: Face): Face {
  const getGlyph = face.getGlyph.bind(face);
  face.getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph.codePoints.length === 0 && codePoints?.length) glyph.codePoints = codePoints;
    return glyph;
  };
  return face;
}

/** Layouts kept per face: the shaping of a word costs far more than drawing it. */
const LAYOUTS_KEPT = 4000;

/**
 * Remembers the face's layout of each text (a word, mostly: pdfkit lays out word by word), across
 * documents. Every caller gets its own copy of the positions, which pdfkit scales in place; the
 * width stays a sum of them, as fontkit's own result computes it.
 */
function rememberLayouts(face: Face): Face {
  const layout = face.layout.bind(face);
  const kept = new Map<string, fontkit.GlyphRun>();
  face.layout = ((text: string, ...rest: unknown[]) => {
    if (rest.some((arg) => arg !== undefined))
      return (layout as (...args: unknown[]) => fontkit.GlyphRun)(text, ...rest);
    let run = kept.get(text);
    if (!run) {
      run = layout(text);
      if (kept.size >= LAYOUTS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      ...run,
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    } as unknown as fontkit.GlyphRun;
  }) as Face['layout'];
  return face;
}

function load(file: string): Face {
  const path = createRequire(import.meta.url).resolve(file);
  return rememberLayouts(keepCodePoints(fontkit.create(readFileSync(path)) as Face));
}

/** The name a document registers a face under. */
export const faceName = (script: Script, weight: Weight) => `${script}-${weight}`;

export type FontSet = Record<Script, Record<Weight, Face>>;

let loaded: FontSet | undefined;

/**
 * The six faces, parsed once per process and shared by every report: parsing and the first
 * layout of each face (its shaping tables) take a few hundred milliseconds, a report after that
 * a few. Each document embeds its own subset.
 */
export function reportFonts(): FontSet {
  loaded ??= Object.fromEntries(
    SCRIPTS.map((script) => [
      script,
      { regular: load(FILES[script].regular), bold: load(FILES[script].bold) },
    ]),
  ) as FontSet;
  return loaded;
}

/** Arabic (and its supplements and presentation forms) and Hebrew: the scripts the Latin face lacks. */
function preferredScript(codePoint: number): Script | null {
  if (
    (codePoint >= 0x0600 && codePoint <= 0x06ff) ||
    (codePoint >= 0x0750 && codePoint <= 0x077f) ||
    (codePoint >= 0x08a0 && codePoint <= 0x08ff) ||
    (codePoint >= 0xfb50 && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfeff)
  )
    return 'arabic';
  if ((codePoint >= 0x0590 && codePoint <= 0x05ff) || (codePoint >= 0xfb1d && codePoint <= 0xfb4f))
    return 'hebrew';
  return null;
}

/** Spaces and punctuation, which any face may set: they stay with the face of the text around them. */
const NEUTRAL = /[\s\p{P}\p{S}\p{Zs}]/u;

/**
 * Splits a text into runs each one face can set, by glyph coverage: a character its own script's
 * face has goes there, else to the first face that has it; spaces and punctuation stay with the
 * run they are in when its face has them. A character no face has (CJK, Devanagari, Thai) is left
 * in the Latin face, which draws its missing-glyph box.
 */
export function splitByFace(
  text: string,
  fonts: FontSet,
  weight: Weight,
): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const current = runs.at(-1);
    let script: Script;
    if (current && NEUTRAL.test(char) && fonts[current.script][weight].hasGlyphForCodePoint(codePoint)) {
      script = current.script;
    } else {
      const preferred = preferredScript(codePoint);
      script =
        preferred && fonts[preferred][weight].hasGlyphForCodePoint(codePoint)
          ? preferred
          : (SCRIPTS.find((candidate) => fonts[candidate][weight].hasGlyphForCodePoint(codePoint)) ??
            'latin');
    }
    if (current && current.script === script) current.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}
