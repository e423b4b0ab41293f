import { formatDateTime } from '@gmao/domain/format/format';
import QRCode from 'qrcode';
import { type Doc, renderPdf, write } from '../../lib/pdf.ts';
import { type CompanyHeader, drawCompanyHeader, drawPageNumbers } from '../../lib/pdf-header.ts';
import type { ResolvedBon } from '../interventions/signatures/signatures.service.ts';
import { contract, parties, photos, workDetails } from './bon-pdf-content.ts';
import { followUp, signatures } from './bon-pdf-signing.ts';
import { comptesRendusSection, detailSections } from './intervention-pdf-sections.ts';
import type { InterventionReportRow } from './intervention-report.repository.ts';
import type { InterventionReportDetails } from './intervention-report-details.repository.ts';

/**
 * The bon d'intervention (issue 32): a document the client signs. The company header, the title with a QR code back
 * to the intervention, the client (ICE, site), the intervention, the equipment, the contract and its guaranteed
 * times, the work, the materials, the time on site, the photos, then "Suivi" (status, SLA outcome, review, history
 * as of the edition: not part of the signed content) and the signature blocks; "Page 1/2" on every page.
 * Everything of the signed content comes from `bon.content` — the frozen text of a signed version, or the live one.
 * This file keeps the input, the frame (header, title, page numbers) and the order of the sections in one place, so
 * the page's layout reads from top to bottom here; bon-pdf-content.ts prints the signed content, bon-pdf-signing.ts
 * the follow-up and the signatures.
 */
export type SlaLiveRow = {
  cible: string;
  objectif_minutes: number;
  echeance: Date | null;
  etat: string;
  atteint_le: Date | null;
};

export type HistoryRow = {
  from_statut: string | null;
  to_statut: string | null;
  note: string | null;
  created_at: Date;
  user: string | null;
};

export interface BonPdfInput {
  bon: ResolvedBon;
  header: CompanyHeader;
  live: {
    row: InterventionReportRow | null;
    history: HistoryRow[];
    review: InterventionReportDetails['review'];
    sla: SlaLiveRow[];
  };
  signatureImages: Map<number, Buffer>;
  photoImages: Map<number, Buffer>;
  /** The intervention's page in the app (the QR code). */
  link: string;
  /**
   * Printed for the client's portal (issue 33): the signed content only — no live follow-up (internal statuses,
   * history notes, review), which is the company's.
   */
  forClient?: boolean;
}

/** The QR code as vector squares, `size` points wide, its top-left at (x, y). */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  doc.save().fillColor('#000000');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) doc.rect(x + c * cell, y + r * cell, cell, cell);
  }
  doc.fill().restore();
}

function title(doc: Doc, input: BonPdfInput) {
  const { bon, link } = input;
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const qrSize = 64;
  const top = doc.y;
  drawQr(doc, link, right - qrSize, top, qrSize);
  doc.x = right - qrSize - 6;
  doc.y = top + qrSize + 1;
  doc.fillColor('#64748b');
  write(doc, 'Voir en ligne', { size: 7, width: qrSize + 12 });
  doc.x = left;
  doc.y = top;
  const width = right - left - qrSize - 16;
  doc.fillColor('#1e3a8a');
  write(doc, `Bon d'intervention n° ${bon.content.intervention.id}`, { style: 'bold', size: 18, width });
  doc.fillColor('#475569');
  const state = bon.version
    ? `Version signée n° ${bon.version.number} du ${formatDateTime(bon.version.created_at)}`
    : bon.changedSince
      ? `Document non signé — contenu modifié depuis la version signée n° ${bon.changedSince}`
      : 'Document non signé';
  write(doc, state, { size: 10, width });
  write(doc, `Édité le ${formatDateTime(new Date())}`, { size: 9, width });
  doc.x = left;
  doc.y = Math.max(doc.y, top + qrSize + 12) + 4;
  doc.fillColor('#0f172a');
}

export function bonPdf(input: BonPdfInput): Promise<Buffer> {
  const { bon } = input;
  const id = bon.content.intervention.id;
  const name = `Bon d'intervention n° ${id}`;
  return renderPdf(
    name,
    (doc) => {
      drawCompanyHeader(doc, input.header);
      title(doc, input);
      parties(doc, bon);
      contract(doc, input);
      detailSections(doc, workDetails(bon, null), { prices: bon.content.materiels.prix_affiches });
      if (bon.content.comptes_rendus.length) comptesRendusSection(doc, { ...workDetails(bon, null), review: null });
      photos(doc, input);
      if (!input.forClient) followUp(doc, input);
      signatures(doc, input);
      drawPageNumbers(doc, bon.version ? `${name} — version ${bon.version.number}` : name);
    },
    { bufferPages: true, author: input.header.nom },
  );
}
