/**
 * Small pdfkit helpers: a document rendered into a Buffer, text in Unicode fonts (Noto Sans, IBM Plex Sans Arabic,
 * Noto Emoji; bidi and shaping in `pdf-layout.ts`), simple tables. Draw text only through `write`, `keyValues` and `table`:
 * pdfkit's own `text()` with its built-in fonts prints anything outside WinAnsi (Arabic, emoji) as garbage.
 */
import type { Style } from './pdf-fonts.ts';
import { drawLines, LINE_HEIGHT, layout, useFace } from './pdf-layout.ts';

export type Doc = PDFKit.PDFDocument;

/** The text shown for a value: '-' when there is none. */
export function pdfText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return String(value);
}

type TextOptions = { style?: Style; size?: number; width?: number };
type Value = string | number | null | undefined;

/**
 * Writes `value` at doc.x / doc.y in a box `width` wide (by default up to the right margin), continuing on a new page
 * when the page is full; doc.y ends below it.
 */
export function write(doc: Doc, value: Value, { style = 'regular', size = 10, width }: TextOptions = {}) {
  const x = doc.x;
  const w = width ?? doc.page.width - doc.page.margins.right - x;
  let y = doc.y;
  for (const line of layout(pdfText(value), style, size, w)) {
    if (y + LINE_HEIGHT * size > doc.page.height - doc.page.margins.bottom && y > doc.page.margins.top) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    y = drawLines(doc, [line], x, y, w, size);
  }
  endText(doc, x, y, style, size);
}

/** Leaves doc.x / doc.y after drawn text, in the Latin face so that moveDown() steps by its line height. */
function endText(doc: Doc, x: number, y: number, style: Style, size: number) {
  useFace(doc, style === 'regular' ? 'latin' : `latin-${style}`);
  doc.fontSize(size);
  doc.x = x;
  doc.y = y;
}

/** `bufferPages`: every page stays open until the end (lib/pdf-header.ts drawPageNumbers writes "Page 1/2"). */
export async function renderPdf(
  title: string,
  build: (doc: Doc) => void,
  opts: { bufferPages?: boolean; author?: string } = {},
): Promise<Buffer> {
  // Loaded on the first PDF, not at start-up (~0.2 s of import a process that never prints one does not pay).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 40,
      bufferPages: opts.bufferPages ?? false,
      info: { Title: title, Author: opts.author ?? 'GMAO' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      build(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

export function heading(doc: Doc, text: string, subtitle?: string) {
  doc.fillColor('#1e3a8a');
  write(doc, text, { style: 'bold', size: 18 });
  if (subtitle) {
    doc.fillColor('#475569');
    write(doc, subtitle, { size: 10 });
  }
  doc.moveDown(0.8).fillColor('#0f172a');
}

export function section(doc: Doc, text: string) {
  if (doc.y > doc.page.height - 120) doc.addPage();
  doc.moveDown(0.5).fillColor('#1e3a8a');
  write(doc, text, { style: 'bold', size: 12 });
  doc.moveDown(0.3).fillColor('#0f172a');
}

/** Label / value lines; a pair moves to the next page whole unless it is taller than a page. */
export function keyValues(doc: Doc, pairs: [string, Value][]) {
  const x = doc.page.margins.left;
  const valueWidth = doc.page.width - x - 240;
  const size = 10;
  for (const [label, value] of pairs) {
    const labelLines = layout(pdfText(label), 'bold', size, 190);
    const valueLines = layout(pdfText(value), 'regular', size, valueWidth);
    const height = Math.max(labelLines.length, valueLines.length) * LINE_HEIGHT * size;
    const bottom = doc.page.height - doc.page.margins.bottom;
    if (doc.y + height > bottom && height < bottom - doc.page.margins.top) doc.addPage();
    const y = doc.y;
    const labelBottom = drawLines(doc, labelLines, x, y, 190, size);
    doc.x = x + 200;
    doc.y = y;
    write(doc, value, { size, width: valueWidth });
    endText(doc, x, Math.max(doc.y, labelBottom) + 2, 'regular', size);
  }
}

/** A table with fixed column widths; repeats the header on each new page. */
export function table(doc: Doc, columns: { header: string; width: number }[], rows: string[][]) {
  const x0 = doc.page.margins.left;
  const size = 8;
  const drawRow = (cells: string[], bold: boolean) => {
    const style = bold ? 'bold' : 'regular';
    const laid = cells.map((c, i) => layout(pdfText(c), style, size, columns[i].width - 4));
    const h = Math.max(...laid.map((l) => l.length)) * LINE_HEIGHT * size + 4;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold)
        drawRow(
          columns.map((c) => c.header),
          true,
        );
    }
    const y = doc.y;
    let x = x0;
    if (bold)
      doc
        .rect(
          x0,
          y - 1,
          columns.reduce((s, c) => s + c.width, 0),
          h,
        )
        .fill('#e2e8f0')
        .fillColor('#0f172a');
    laid.forEach((lines, i) => {
      drawLines(doc, lines, x + 2, y + 1, columns[i].width - 4, size);
      x += columns[i].width;
    });
    doc.y = y + h;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const r of rows) drawRow(r, false);
  endText(doc, x0, doc.y, 'regular', size);
  doc.moveDown(0.5);
}
