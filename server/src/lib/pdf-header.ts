/**
 * The company header of every PDF (issue 32): the logo at the left, the company's name, address, phone and e-mail,
 * then its legal identifiers (ICE, RC, IF, patente, CNSS), under a rule. Synchronous like the rest of the drawing:
 * the caller reads the profile and the logo's bytes first — `companyHeader(db, storage)` in
 * modules/settings/company.service.ts — then calls `drawCompanyHeader(doc, header)` at the top of the first page
 * (or of every page). Also `drawPageNumbers`, the "Page 1/2" footer of a document rendered with `bufferPages`.
 */
import { COMPANY_FIELD_LABELS, COMPANY_LEGAL_IDS, type CompanyIdentity } from '@gmao/domain/settings/company-schemas';
import { type Doc, write } from './pdf.ts';

export type CompanyHeader = CompanyIdentity & { logo: Buffer | null };

const LOGO_BOX: [number, number] = [110, 56];

/** The legal identifiers line: 'ICE 001… · RC 123 · IF … · Patente … · CNSS …' (the filled ones). */
export function legalIdsLine(h: CompanyIdentity): string {
  return COMPANY_LEGAL_IDS.filter((k) => h[k])
    .map((k) => `${COMPANY_FIELD_LABELS[k]} ${h[k]}`)
    .join(' · ');
}

/** Draws the header from doc.y (the top margin on a new page); doc.y ends below its rule, doc.x at the left margin. */
export function drawCompanyHeader(doc: Doc, h: CompanyHeader) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const top = doc.y;
  let textX = left;
  let logoBottom = top;
  if (h.logo) {
    try {
      doc.image(h.logo, left, top, { fit: LOGO_BOX });
      textX = left + LOGO_BOX[0] + 12;
      logoBottom = top + LOGO_BOX[1];
    } catch {
      // A logo pdfkit cannot read (it was checked as PNG/JPEG at upload) prints no logo rather than no document.
    }
  }
  const width = right - textX;
  doc.x = textX;
  doc.y = top;
  doc.fillColor('#0f172a');
  write(doc, h.nom, { style: 'bold', size: 13, width });
  doc.fillColor('#334155');
  const place = [h.adresse, h.ville].filter(Boolean).join(', ');
  if (place) write(doc, place, { size: 9, width });
  const reach = [h.telephone && `Tél. ${h.telephone}`, h.email].filter(Boolean).join(' · ');
  if (reach) write(doc, reach, { size: 9, width });
  const ids = legalIdsLine(h);
  if (ids) write(doc, ids, { size: 8, width });
  const bottom = Math.max(doc.y, logoBottom) + 6;
  doc.moveTo(left, bottom).lineTo(right, bottom).lineWidth(0.8).strokeColor('#1e3a8a').stroke().fillColor('#0f172a');
  doc.x = left;
  doc.y = bottom + 10;
}

/**
 * "Page 1/2" (and an optional label before it) at the bottom of every page; the document must have been created
 * with `bufferPages: true` (renderPdf's `pageNumbers` option) and this called before it ends.
 */
export function drawPageNumbers(doc: Doc, label = '') {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    // Drawing inside the bottom margin: pdfkit must not see the text as overflowing the page.
    doc.page.margins.bottom = 0;
    const left = doc.page.margins.left;
    doc.x = left;
    doc.y = doc.page.height - bottomMargin + 12;
    doc.fillColor('#64748b');
    const text = `${label ? `${label} — ` : ''}Page ${i - range.start + 1}/${range.count}`;
    write(doc, text, { size: 8, width: doc.page.width - left - doc.page.margins.right });
    doc.page.margins.bottom = bottomMargin;
  }
}
