/** Small pdfkit helpers: a document rendered into a Buffer, text safe for the built-in fonts, simple tables. */
export type Doc = PDFKit.PDFDocument;

/** The standard fonts use WinAnsi: the narrow/non-breaking spaces of fr-FR/fr-MA formatting become plain spaces. */
export function pdfText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return String(value)
    .replace(/[\u202f\u00a0\u2009]/g, ' ')
    .replace(/\u2212/g, '-');
}

export async function renderPdf(title: string, build: (doc: Doc) => void): Promise<Buffer> {
  // Loaded on the first PDF, not at start-up (~0.2 s of import a process that never prints one does not pay).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: title, Author: 'GMAO' } });
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
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1e3a8a').text(pdfText(text));
  if (subtitle) doc.font('Helvetica').fontSize(10).fillColor('#475569').text(pdfText(subtitle));
  doc.moveDown(0.8).fillColor('#0f172a');
}

export function section(doc: Doc, text: string) {
  if (doc.y > doc.page.height - 120) doc.addPage();
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).fillColor('#1e3a8a').text(pdfText(text));
  doc.moveDown(0.3).fillColor('#0f172a');
}

/** Label / value lines. */
export function keyValues(doc: Doc, pairs: [string, string | number | null | undefined][]) {
  const x = doc.page.margins.left;
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(pdfText(label), x, y, { width: 190 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(pdfText(value), x + 200, y, { width: doc.page.width - x - 240 });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }
  doc.x = x;
}

/** A table with fixed column widths; repeats the header on each new page. */
export function table(doc: Doc, columns: { header: string; width: number }[], rows: string[][]) {
  const x0 = doc.page.margins.left;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const heights = cells.map((c, i) => doc.heightOfString(pdfText(c), { width: columns[i].width - 4 }));
    const h = Math.max(...heights) + 4;
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
    cells.forEach((c, i) => {
      doc.text(pdfText(c), x + 2, y + 1, { width: columns[i].width - 4 });
      x += columns[i].width;
    });
    doc.y = y + h;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const r of rows) drawRow(r, false);
  doc.x = x0;
  doc.moveDown(0.5);
}
