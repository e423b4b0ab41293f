/**
 * The fonts every PDF draws with (issue 29), TTFs shipped by npm packages (OFL-1.1), read once per process on first
 * use: Noto Sans (Latin, Greek, Cyrillic, combining marks), IBM Plex Sans Arabic (Arabic; chosen over Noto Sans Arabic,
 * which draws ب, ت, ي… as one dotless base plus separate dot glyphs that copy-paste in poppler-based readers scatters
 * over other lines) and Noto Emoji (monochrome).
 *
 * Two patches make the drawn text extract back as the text that was written (a PDF reader reads it through the
 * font's ToUnicode map, one entry per character code):
 * - fontkit keeps one Glyph object per glyph id whose `codePoints` are those of the first string that produced it
 *   (a lam-alef ligature, 👍🏽 drawn as 👍…). The code points of each glyph of THIS run are read from the shaper's
 *   glyph infos instead (`runCodePoints`).
 * - pdfkit gives each glyph id one character code and one ToUnicode entry. `patchEmbeddedFont` gives each distinct
 *   (glyph, characters) pair its own code (a duplicate glyph in the subset), maps a glyph that stands for no
 *   character to U+2060 WORD JOINER (a format character that readers drop), and, for right-to-left runs (drawn in
 *   visual order), un-mirrors brackets and reverses multi-character entries so that a reader restoring the logical
 *   order gets the logical text.
 * Both rely on internals of fontkit 2.0.4 and pdfkit 0.20.2 (pinned in server/package.json);
 * server/test/pdf-unicode.test.ts fails if an upgrade breaks them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiModule, { type Bidi } from 'bidi-js';
import { create, type Font, type GlyphRun } from 'fontkit';

export type Style = 'regular' | 'bold' | 'italic';
export type Face = 'latin' | 'latin-bold' | 'latin-italic' | 'arabic' | 'arabic-bold' | 'emoji';

const FILES: Record<Face, string> = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'latin-italic': '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  arabic: '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf',
  'arabic-bold': '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf',
  emoji: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
};

// bidi-js is CommonJS with an ES-style d.ts: at run time the default import is the factory itself.
const bidiFactory = (typeof bidiModule === 'function' ? bidiModule : bidiModule.default) as () => Bidi;
export const bidi = bidiFactory();
const require = createRequire(import.meta.url);
const fonts = new Map<Face, Font>();
const CODE_POINTS = Symbol('codePoints');
type RecordedRun = GlyphRun & { [CODE_POINTS]?: number[][] };
type GlyphInfo = { codePoints: number[] };
type OtEngine = { substitute: (run: GlyphRun) => void; glyphInfos?: GlyphInfo[] };

export function font(face: Face): Font {
  let f = fonts.get(face);
  if (!f) {
    f = create(readFileSync(require.resolve(FILES[face]))) as Font;
    // fontkit keeps one glyph object per glyph id with the characters of its first creation, and a layout starts
    // from those characters. A glyph first created without any (by a substitution — È decomposed into E and a
    // grave accent — or by a subset embedding it) made every later "E" of the process an empty character in the
    // PDFs' text ("FILTR-9", "n Attente PDR"): found when the server test files came to share their processes.
    // A glyph asked for with other characters than the cached object's is a copy with those characters.
    const glyphs = f as unknown as { getGlyph(id: number, characters?: number[]): { codePoints: number[] } | null };
    const cachedGlyph = glyphs.getGlyph.bind(f);
    glyphs.getGlyph = (id, characters = []) => {
      const g = cachedGlyph(id, characters);
      if (!g || !characters.length || sameCodePoints(g.codePoints, characters)) return g;
      return Object.assign(Object.create(Object.getPrototypeOf(g)), g, { codePoints: characters });
    };
    // Record the code points of each glyph of the run being shaped (see the file comment).
    const engine = (f as unknown as { _layoutEngine?: { engine?: OtEngine } })._layoutEngine?.engine;
    if (engine && typeof engine.substitute === 'function') {
      const substitute = engine.substitute.bind(engine);
      engine.substitute = (run: RecordedRun) => {
        substitute(run);
        if (engine.glyphInfos) run[CODE_POINTS] = engine.glyphInfos.map((g) => [...g.codePoints]);
      };
    }
    fonts.set(face, f);
  }
  return f;
}

const sameCodePoints = (a: number[], b: number[]) => a.length === b.length && a.every((cp, i) => cp === b[i]);

/** The characters each glyph of a finished run stands for, in the run's (visual) order. */
function runCodePoints(run: RecordedRun): number[][] {
  const recorded = run[CODE_POINTS];
  if (!recorded || recorded.length !== run.glyphs.length) return run.glyphs.map((g) => g.codePoints);
  return run.direction === 'rtl' ? [...recorded].reverse() : recorded;
}

export function faceFor(script: 'latin' | 'arabic' | 'emoji', style: Style): Face {
  if (script === 'emoji') return 'emoji';
  if (script === 'arabic') return style === 'bold' ? 'arabic-bold' : 'arabic';
  return style === 'regular' ? 'latin' : `latin-${style}`;
}

export function covers(face: Face, cluster: string): boolean {
  const f = font(face);
  for (const ch of cluster) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0x200c || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f)) continue;
    if (!f.hasGlyphForCodePoint(cp)) return false;
  }
  return true;
}

/** A shaped run in pdfkit's units (1000 per em): glyph ids, positions, the characters of each glyph. */
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth: number };
type Shaped = { ids: number[]; positions: Position[]; chars: number[][]; rtl: boolean; advance: number };

/**
 * Shaping is most of a PDF's time, and the same strings (statuses, names, dates, headers) come back on every row and
 * in every document: a run of up to 200 characters is shaped once per process (at most 20,000 kept).
 */
const shapedRuns = new Map<string, Shaped>();
export function shape(face: Face, text: string): Shaped {
  const key = `${face}\u0000${text}`;
  let s = shapedRuns.get(key);
  if (!s) {
    const f = font(face);
    const scale = 1000 / f.unitsPerEm;
    const run = f.layout(text);
    s = {
      ids: run.glyphs.map((g) => g.id),
      positions: run.positions.map((p, i) => ({
        xAdvance: p.xAdvance * scale,
        yAdvance: p.yAdvance * scale,
        xOffset: p.xOffset * scale,
        yOffset: p.yOffset * scale,
        advanceWidth: run.glyphs[i].advanceWidth * scale,
      })),
      chars: runCodePoints(run),
      rtl: run.direction === 'rtl',
      advance: run.advanceWidth * scale,
    };
    if (shapedRuns.size >= 20_000) shapedRuns.clear();
    if (text.length <= 200) shapedRuns.set(key, s);
  }
  return s;
}

/** Advance width of `text` shaped in `face`, in ems. */
export function emWidth(face: Face, text: string): number {
  return shape(face, text).advance / 1000;
}

/** pdfkit's embedded font, the parts this file uses. */
export type EmbeddedFont = {
  subset: { includeGlyph(id: number): number; glyphs: number[]; mapping: Record<number, number> };
  widths: number[];
  unicode: number[][];
  encode?: (text: string, features?: unknown) => [string[], Position[]];
  widthOfString?: (text: string, size: number, features?: unknown) => number;
  gmao?: { visualRtl: boolean };
};

const WORD_JOINER = 0x2060;
const unmirror = (cp: number) => {
  const m = bidi.getMirroredCharacter(String.fromCodePoint(cp));
  return m ? (m.codePointAt(0) ?? cp) : cp;
};

/**
 * Makes pdfkit's font for `face` (in one document) draw cached shaped runs, with one character code per (glyph,
 * characters) pair, and draw right-to-left runs in visual order (fontkit reverses Arabic runs itself; a run of
 * neutrals only, such as ' - ' between two Arabic words in another font, is reversed here).
 */
export function patchEmbeddedFont(ef: EmbeddedFont, face: Face): { visualRtl: boolean } {
  if (ef.gmao) return ef.gmao;
  const state = { visualRtl: false };
  const codes = new Map<string, number>();
  ef.gmao = state;
  ef.widthOfString = (text, size) => emWidth(face, text) * size;
  ef.encode = (text) => {
    const run = shape(face, text);
    let { ids, chars: cps } = run;
    let positions = run.positions.map((p) => ({ ...p }));
    if (state.visualRtl && !run.rtl) {
      ids = [...ids].reverse();
      positions = positions.reverse();
      cps = [...cps].reverse();
    }
    // A horizontal shift (kerning of a right-to-left run is a shift plus a wider advance) moves into the advance of
    // the glyph before it, and every advance into the glyph's width in the font: the page is the same, and a reader
    // sees no gap inside a word to take for a space (pdf.js adds one above 0.1 em, e.g. after a bold ر).
    for (let i = 1; i < positions.length; i++) {
      const p = positions[i];
      if (p.xOffset && !p.yOffset && !positions[i - 1].yOffset) {
        positions[i - 1].xAdvance += p.xOffset;
        p.xAdvance -= p.xOffset;
        p.xOffset = 0;
      }
    }
    const res: string[] = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const p = positions[i];
      if (!p.yOffset && !p.xOffset) p.advanceWidth = p.xAdvance;
      let chars = cps[i]?.length ? cps[i] : [WORD_JOINER];
      if (state.visualRtl) chars = chars.map(unmirror).reverse();
      const key = `${id}:${chars.join(',')}:${Math.round(p.advanceWidth * 100)}`;
      let code = codes.get(key);
      if (code === undefined) {
        if (ef.subset.mapping[id] == null) code = ef.subset.includeGlyph(id);
        else {
          ef.subset.glyphs.push(id); // the same outline under a second code: other characters or another width
          code = ef.subset.glyphs.length - 1;
        }
        codes.set(key, code);
        ef.widths[code] = p.advanceWidth;
        ef.unicode[code] = chars;
      }
      res.push(`0000${code.toString(16)}`.slice(-4));
    }
    return [res, positions];
  };
  return state;
}
