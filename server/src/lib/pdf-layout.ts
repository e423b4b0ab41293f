/**
 * Text layout for the PDFs (issue 29): picks a font per character (Latin text in Noto Sans, Arabic in IBM Plex Sans
 * Arabic, emoji in Noto Emoji, anything else as U+FFFD), breaks lines at spaces, and orders each line's runs with the
 * Unicode bidi algorithm (bidi-js), since pdfkit has none: a French line with an Arabic name reads correctly, and an
 * Arabic paragraph is right-aligned in its box. fontkit shapes each run (Arabic joining forms, lam-alef, mark
 * positioning). Text is NFC-normalised first, so a decomposed "e + U+0301" draws as "é".
 */
import {
  bidi,
  covers,
  type EmbeddedFont,
  emWidth,
  type Face,
  faceFor,
  font as fontOf,
  patchEmbeddedFont,
  type Style,
} from './pdf-fonts.ts';

type Doc = PDFKit.PDFDocument;

/** One run of a line: text in logical order, drawn right-to-left when `rtl`. */
type Run = { text: string; face: Face; rtl: boolean; width: number };
export type Line = { runs: Run[]; width: number; rightAligned: boolean };

/** Line height and baseline (from the top of the line) as multiples of the font size: Noto Sans' ascent/descent. */
export const LINE_HEIGHT = 1.362;
const BASELINE = 1.069;

/** Latin-only text that needs neither bidi nor a font change: the common case, laid out without segmenting. */
const SIMPLE = /^[\u0020-\u007e\u00a0-\u052f\u2010-\u2027\u202f-\u205e\u20ac\u2122\u2212]*$/;
const ARABIC = /\p{Script=Arabic}/u;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\ufe0f|\u200d|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u20e3/u;
const LETTER = /\p{L}|\p{Extended_Pictographic}/u;
const REPLACEMENT = '\ufffd';
const segmenter = new Intl.Segmenter('fr', { granularity: 'grapheme' });

/** NFC, one kind of line break, tabs as spaces, no other control characters. */
export function normalise(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/\p{Cc}/gu, (c) => (c === '\n' ? c : ''));
}

type Cluster = { text: string; face: Face; level: number };

/** The font of each grapheme cluster; one that no font has becomes U+FFFD. */
function clusters(paragraph: string, style: Style): Cluster[] {
  const out: Cluster[] = [];
  let prev: Face | null = null;
  for (const { segment } of segmenter.segment(paragraph)) {
    let text = segment;
    let face: Face | null = null;
    const latin = faceFor('latin', style);
    const arabic = faceFor('arabic', style);
    if (EMOJI.test(text) && (EMOJI_PRESENTATION.test(text) || !covers(latin, text))) {
      face = covers('emoji', text) ? 'emoji' : null;
    } else if (ARABIC.test(text)) {
      face = covers(arabic, text) ? arabic : null;
    } else if (!LETTER.test(text) && prev === arabic && covers(arabic, text)) {
      face = arabic; // spaces, digits and punctuation inside Arabic text stay in its run
    } else if (covers(latin, text)) face = latin;
    else if (covers(arabic, text)) face = arabic;
    else if (covers('emoji', text)) face = 'emoji';
    if (!face) {
      text = REPLACEMENT;
      face = latin;
    }
    out.push({ text, face, level: 0 });
    prev = face;
  }
  const levels = bidi.getEmbeddingLevels(out.map((c) => c.text).join(''), 'auto').levels;
  let i = 0;
  for (const c of out) {
    c.level = levels[i];
    i += c.text.length;
  }
  return out;
}

function mirrored(text: string): string {
  let out = '';
  for (const ch of text) out += bidi.getMirroredCharacter(ch) ?? ch;
  return out;
}

/** The runs of one line, in visual order (rule L2: reverse from the highest level down to the lowest odd one). */
function lineRuns(line: Cluster[], size: number): Run[] {
  const items: { cs: Cluster[]; level: number; face: Face }[] = [];
  for (const c of line) {
    const last = items.at(-1);
    if (last && last.level === c.level && last.face === c.face) last.cs.push(c);
    else items.push({ cs: [c], level: c.level, face: c.face });
  }
  const levels = items.map((it) => it.level);
  const highest = Math.max(...levels);
  const lowestOdd = Math.min(...levels.filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < items.length; i++) {
      if (items[i].level < level) continue;
      let j = i;
      while (j + 1 < items.length && items[j + 1].level >= level) j++;
      items.splice(i, j - i + 1, ...items.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return items.map((it) => {
    const rtl = it.level % 2 === 1;
    const logical = it.cs.map((c) => c.text).join('');
    const text = rtl ? mirrored(logical) : logical;
    return { text, face: it.face, rtl, width: emWidth(it.face, text) * size };
  });
}

function clusterWidth(cs: Cluster[], size: number): number {
  let w = 0;
  let i = 0;
  while (i < cs.length) {
    let j = i;
    let text = '';
    while (j < cs.length && cs[j].face === cs[i].face) text += cs[j++].text;
    w += emWidth(cs[i].face, text) * size;
    i = j;
  }
  return w;
}

/** Greedy lines of whole words (a word wider than the box is cut between clusters). */
function breakLines(cs: Cluster[], width: number, size: number): Cluster[][] {
  const words: Cluster[][] = [];
  for (const c of cs) {
    const last = words.at(-1);
    const lastIsSpace = last?.at(-1)?.text === ' ';
    if (last && !(lastIsSpace && c.text !== ' ')) last.push(c);
    else words.push([c]);
  }
  const lines: Cluster[][] = [];
  let line: Cluster[] = [];
  let lineWidth = 0;
  const trimmed = (w: Cluster[]) => {
    let n = w.length;
    while (n > 0 && w[n - 1].text === ' ') n--;
    return w.slice(0, n);
  };
  for (const word of words) {
    const ink = clusterWidth(trimmed(word), size);
    if (line.length && lineWidth + ink > width) {
      lines.push(line);
      line = [];
      lineWidth = 0;
    }
    if (!line.length && ink > width) {
      // One word wider than the box: cut it where it overflows.
      for (const c of word) {
        const w = clusterWidth([c], size);
        if (line.length && lineWidth + w > width && c.text !== ' ') {
          lines.push(line);
          line = [];
          lineWidth = 0;
        }
        line.push(c);
        lineWidth += w;
      }
      continue;
    }
    line.push(...word);
    lineWidth += clusterWidth(word, size);
  }
  if (line.length || !lines.length) lines.push(line);
  return lines.map(trimmed);
}

const laidOut = new Map<string, Line[]>();

/** The lines of `text` in a box `width` points wide (cached: table cells repeat; drawing never changes a Line). */
export function layout(text: string, style: Style, size: number, width: number): Line[] {
  const key = `${style}|${size}|${width}|${text}`;
  let lines = laidOut.get(key);
  if (!lines) {
    lines = normalise(text)
      .split('\n')
      .flatMap((p) => layoutParagraph(p, style, size, width));
    if (laidOut.size >= 20_000) laidOut.clear();
    if (text.length <= 200) laidOut.set(key, lines);
  }
  return lines;
}

function layoutParagraph(paragraph: string, style: Style, size: number, width: number): Line[] {
  if (SIMPLE.test(paragraph)) {
    const face = faceFor('latin', style);
    const whole = emWidth(face, paragraph) * size;
    if (whole <= width)
      return [
        {
          runs: paragraph ? [{ text: paragraph, face, rtl: false, width: whole }] : [],
          width: whole,
          rightAligned: false,
        },
      ];
    const cs = Array.from(paragraph, (ch) => ({ text: ch, face, level: 0 }));
    return breakLines(cs, width, size).map((l) => {
      const t = l.map((c) => c.text).join('');
      const w = emWidth(face, t) * size;
      return { runs: t ? [{ text: t, face, rtl: false, width: w }] : [], width: w, rightAligned: false };
    });
  }
  const cs = clusters(paragraph, style);
  const rightAligned = bidi.getEmbeddingLevels(paragraph, 'auto').paragraphs[0]?.level === 1;
  return breakLines(cs, width, size).map((l) => {
    const runs = l.length ? lineRuns(l, size) : [];
    return { runs, width: runs.reduce((s, r) => s + r.width, 0), rightAligned };
  });
}

const FACE_NAME = (face: Face) => `gmao-${face}`;

/** Draws laid-out lines from (x, y) = top-left of the box; returns the y below the last line. */
export function drawLines(doc: Doc, lines: Line[], x: number, y: number, width: number, size: number): number {
  let top = y;
  for (const line of lines) {
    let cx = line.rightAligned ? x + width - line.width : x;
    for (const run of line.runs) {
      useFace(doc, run.face);
      const state = patchEmbeddedFont((doc as unknown as { _font: EmbeddedFont })._font, run.face);
      state.visualRtl = run.rtl;
      doc.fontSize(size).text(run.text, cx, top + BASELINE * size, { lineBreak: false, baseline: 'alphabetic' });
      state.visualRtl = false;
      cx += run.width;
    }
    top += LINE_HEIGHT * size;
  }
  return top;
}

/** Selects a face in `doc`, registering the shared fontkit font on first use (pdfkit subsets it on `end()`). */
export function useFace(doc: Doc, face: Face) {
  const name = FACE_NAME(face);
  const registered = (doc as unknown as { _registeredFonts: Record<string, unknown> })._registeredFonts;
  if (!registered[name]) doc.registerFont(name, fontOf(face) as unknown as string);
  doc.font(name);
}
