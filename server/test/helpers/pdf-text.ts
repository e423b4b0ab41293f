/**
 * The text a PDF shows, as a reader extracts it: pdf.js (pdfjs-dist's legacy build, for Node) reads each drawn glyph
 * through its font's ToUnicode map and puts right-to-left runs back in logical order. Reading the real output keeps
 * the renderer unmocked, so these files run in a shared worker like the others.
 */
type TextItem = { str: string; hasEOL?: boolean; transform: number[]; width: number };
export type PdfTextItem = { str: string; hasEOL: boolean; x: number; y: number; width: number; page: number };

/** The text items of every page, in drawing order (one per run of text pdf.js saw on a line). */
export async function pdfTextItems(pdf: Buffer): Promise<PdfTextItem[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const items: PdfTextItem[] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      for (const i of content.items as TextItem[]) {
        items.push({
          str: i.str,
          hasEOL: !!i.hasEOL,
          x: i.transform[4] ?? 0,
          y: i.transform[5] ?? 0,
          width: i.width,
          page: p,
        });
      }
    }
  } finally {
    await doc.destroy();
  }
  return items;
}

/** All the text: the items of one line joined as they are (pdf.js makes a ' ' item of a gap), lines by '\n'. */
export async function pdfText(pdf: Buffer): Promise<string> {
  let text = '';
  for (const item of await pdfTextItems(pdf)) text += item.str + (item.hasEOL ? '\n' : '');
  return text;
}
