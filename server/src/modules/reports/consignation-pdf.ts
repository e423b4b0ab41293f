import { formatDate, formatDateTime } from '@gmao/domain/format/format';
import {
  CONSIGNATION_STEP_LABELS,
  type Consignation,
  type ConsignationStepInput,
} from '@gmao/domain/habilitations/consignation';
import { CONSIGNATION_LABELS as L } from '@gmao/domain/habilitations/consignation-labels';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { type Doc, heading, keyValues, renderPdf, section, table, write } from '../../lib/pdf.ts';
import { type CompanyHeader, drawCompanyHeader } from '../../lib/pdf-header.ts';

/**
 * The printable attestation de consignation (issue 34): the company header, the attestation's number, date and hour,
 * the intervention and its equipment, the five steps (time, who), the lock number, the detector tests, the
 * déconsignation when done, and the two chargés' names and drawn signatures.
 */
const BOX = { w: 250, h: 130, image: [220, 80] as [number, number] };

function signatureBlock(doc: Doc, x: number, y: number, label: string, nom: string, image: Buffer | null) {
  doc.rect(x, y, BOX.w, BOX.h).lineWidth(0.6).strokeColor('#94a3b8').stroke();
  doc.x = x + 8;
  doc.y = y + 6;
  doc.fillColor('#1e3a8a');
  write(doc, label, { style: 'bold', size: 10, width: BOX.w - 16 });
  doc.fillColor('#0f172a');
  write(doc, nom, { size: 9, width: BOX.w - 16 });
  if (image) {
    try {
      doc.image(image, x + 15, y + 40, { fit: BOX.image });
    } catch {
      // An image pdfkit cannot read (checked when signed): the block keeps the name.
    }
  }
}

const stepRows = (steps: ConsignationStepInput[], names: Map<number, string>) =>
  steps.map((s) => [
    CONSIGNATION_STEP_LABELS[s.etape],
    formatDateTime(s.fait_le),
    names.get(s.par_id) ?? `#${s.par_id}`,
    s.cadenas ??
      (s.etape === 'VAT'
        ? `${s.detecteur_teste_avant ? L.yes : L.no} / ${s.detecteur_teste_apres ? L.yes : L.no}`
        : ''),
  ]);

export function consignationPdf(
  k: Consignation,
  intervention: Intervention,
  header: CompanyHeader,
  images: { cc: Buffer | null; ct: Buffer | null },
  names: Map<number, string>,
): Promise<Buffer> {
  return renderPdf(`${L.pdfTitle} ${k.numero}`, (doc) => {
    drawCompanyHeader(doc, header);
    heading(doc, L.pdfTitle, L.pdfSubtitle(k.numero, k.attestee_le ? formatDateTime(k.attestee_le) : L.pdfNotAttested));
    const condamnation = k.etapes.find((s) => s.etape === 'CONDAMNATION');
    const vat = k.etapes.find((s) => s.etape === 'VAT');
    keyValues(doc, [
      [L.pdfIntervention, `#${intervention.id} — ${formatDate(intervention.date)}`],
      [L.pdfEquipment, intervention.equipement.nom],
      [L.pdfClient, intervention.equipement.proprietaire.nom_entreprise],
      [L.chargeConsignation, k.charge_consignation?.nom ?? L.none],
      [L.chargeTravaux, k.charge_travaux?.nom ?? L.none],
      [L.pdfLock, condamnation?.cadenas ?? L.none],
      [
        L.pdfDetector,
        vat ? `${vat.detecteur_teste_avant ? L.yes : L.no} / ${vat.detecteur_teste_apres ? L.yes : L.no}` : L.none,
      ],
    ]);
    const columns = [
      { header: L.pdfStep, width: 170 },
      { header: L.pdfAt, width: 110 },
      { header: L.pdfBy, width: 130 },
      { header: L.pdfLockDetector, width: 105 },
    ];
    section(doc, L.steps);
    table(doc, columns, stepRows(k.etapes, names));
    if (k.deconsignation.length > 0) {
      section(doc, L.deconsignation);
      table(doc, columns, stepRows(k.deconsignation, names));
      if (k.deconsignee_le) write(doc, L.released(formatDateTime(k.deconsignee_le)), { size: 9 });
    }
    section(doc, L.pdfSignatures);
    if (doc.y + BOX.h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y + 4;
    const left = doc.page.margins.left;
    signatureBlock(doc, left, y, L.chargeConsignation, k.charge_consignation?.nom ?? L.none, images.cc);
    signatureBlock(doc, left + BOX.w + 15, y, L.chargeTravaux, k.charge_travaux?.nom ?? L.none, images.ct);
    doc.x = left;
    doc.y = y + BOX.h + 8;
  });
}
