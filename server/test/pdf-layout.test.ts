import { describe, expect, it } from 'vitest';
import { font, shape } from '../src/lib/pdf-fonts.ts';
import { layout } from '../src/lib/pdf-layout.ts';

/** Issue 29: the runs of each line in visual (left-to-right drawing) order, with their fonts. */
const runs = (text: string, width = 500) =>
  layout(text, 'regular', 10, width).map((l) => l.runs.map((r) => [r.text, r.face, r.rtl]));

describe('PDF text layout', () => {
  it('orders an Arabic paragraph with numbers right to left, the number itself left to right', () => {
    expect(runs('محول 630 كيلو')).toEqual([
      [
        [' كيلو', 'arabic', true],
        ['630', 'arabic', false],
        ['محول ', 'arabic', true],
      ],
    ]);
    expect(layout('محول 630 كيلو', 'regular', 10, 500)[0].rightAligned).toBe(true);
  });

  it('keeps a French line left to right around an Arabic name, in the Latin and Arabic fonts', () => {
    expect(runs('Client : شركة الكهرباء (فاس) - site 2')).toEqual([
      [
        ['Client : ', 'latin', false],
        ['شركة الكهرباء )فاس(', 'arabic', true], // logical order, brackets mirrored: drawn right to left
        [' - ', 'arabic', false], // neutrals after Arabic stay in its font
        ['site 2', 'latin', false],
      ],
    ]);
  });

  it('wraps an Arabic paragraph by logical words: the first words on the first line', () => {
    const lines = layout('تم استبدال القاطع الرئيسي وفحص المحول', 'regular', 10, 90);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0].runs.map((r) => r.text).join('')).toContain('تم');
    expect(
      lines
        .at(-1)
        ?.runs.map((r) => r.text)
        .join(''),
    ).toContain('المحول');
  });

  it('normalises to NFC, draws emoji in the emoji font and what no font has as U+FFFD', () => {
    expect(runs('Cafe\u0301')).toEqual([[['Café', 'latin', false]]]);
    expect(runs('OK 👍 中')).toEqual([
      [
        ['OK ', 'latin', false],
        ['👍', 'emoji', false],
        [' \ufffd', 'latin', false],
      ],
    ]);
  });
});

describe('the characters behind each glyph (the text a reader extracts)', () => {
  it('a glyph first created without characters (a substitution, a subset) still reads as its letter afterwards', () => {
    // fontkit keeps one glyph object per id, with the characters of its first creation; a PDF with a decomposed È
    // (E + grave) or a subset could create the E glyph first, and every later "E" of the process then extracted as
    // nothing ("FILTR-9"). Start from an empty glyph cache and create the glyph as such a path does.
    const f = font('latin') as unknown as {
      _glyphs: unknown[];
      glyphForCodePoint(cp: number): { id: number };
      getGlyph(id: number): unknown;
    };
    const eId = f.glyphForCodePoint(0x45).id;
    f._glyphs = [];
    f.getGlyph(eId);
    const text = `RÉF-${Date.now()} FILTRE`;
    expect(
      shape('latin', text)
        .chars.map((c) => String.fromCodePoint(...c))
        .join(''),
    ).toBe(text);
  });
});
