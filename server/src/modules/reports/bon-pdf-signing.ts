import { formatHours } from '@gmao/domain/dashboard/performance-schemas';
import { formatDateTime } from '@gmao/domain/format/format';
import { SIGNATURE_ROLES } from '@gmao/domain/interventions/signature-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import { type Doc, keyValues, section, table, write } from '../../lib/pdf.ts';
import type { ResolvedBon } from '../interventions/signatures/signatures.service.ts';
import type { BonPdfInput } from './bon-pdf.ts';
import { ensureRoom, workDetails } from './bon-pdf-content.ts';
import { comptesRendusSection } from './intervention-pdf-sections.ts';

// The end of the bon, after the signed content: the company's live follow-up (as of the edition, never signed, left
// out of the client's copy) and the signature blocks with the fingerprint of what they sign.

const SIGNATURE_BOX = { w: 250, h: 170, image: [220, 80] as [number, number] };

export function followUp(doc: Doc, input: BonPdfInput) {
  const r = input.live.row;
  section(doc, "Suivi (à la date d'édition, hors contenu signé)");
  if (r)
    keyValues(doc, [
      ['Statut', `${statutLabel(r.statut)}${r.urgence ? ' — URGENT' : ''}`],
      ['Démarrée le', formatDateTime(r.started)],
      ['Terminée le', formatDateTime(r.finished)],
      ['Délai de démarrage', formatHours(r.start_h === null ? null : Math.round(r.start_h * 10) / 10)],
      ['Durée de réparation', formatHours(r.repair_h === null ? null : Math.round(r.repair_h * 10) / 10)],
    ]);
  comptesRendusSection(doc, { ...workDetails(input.bon, input.live.review), comptesRendus: [] });
  if (input.live.history.length) {
    section(doc, 'Historique (statuts et notes)');
    table(
      doc,
      [
        { header: 'Date', width: 100 },
        { header: 'De', width: 90 },
        { header: 'Vers', width: 90 },
        { header: 'Par', width: 100 },
        { header: 'Note', width: 135 },
      ],
      input.live.history.map((h) => [
        formatDateTime(h.created_at),
        h.from_statut ? statutLabel(h.from_statut) : '-',
        h.to_statut ? statutLabel(h.to_statut) : '-',
        h.user ?? '-',
        h.note ?? '',
      ]),
    );
  }
}

function signatureBlock(
  doc: Doc,
  x: number,
  y: number,
  label: string,
  s: ResolvedBon['signatures'][number] | null,
  image: Buffer | undefined,
) {
  doc.rect(x, y, SIGNATURE_BOX.w, SIGNATURE_BOX.h).lineWidth(0.6).strokeColor('#94a3b8').stroke();
  doc.x = x + 8;
  doc.y = y + 6;
  doc.fillColor('#1e3a8a');
  write(doc, label, { style: 'bold', size: 10, width: SIGNATURE_BOX.w - 16 });
  const imageTop = y + 24;
  if (s && image) {
    try {
      doc.image(image, x + 15, imageTop, { fit: SIGNATURE_BOX.image });
    } catch {
      // An image pdfkit cannot read (checked at signing): the block keeps the signer's name and date.
    }
  }
  doc.x = x + 8;
  doc.y = imageTop + SIGNATURE_BOX.image[1] + 4;
  doc.fillColor('#0f172a');
  const lines: string[] = s
    ? [
        `Nom : ${s.nom}`,
        `Qualité : ${s.qualite ?? '-'}`,
        `Signé le ${formatDateTime(s.signe_le)} (heure de l'appareil)`,
        `Reçu le ${formatDateTime(s.recu_le)}`,
      ]
    : ['Nom :', 'Qualité :', 'Date :'];
  for (const line of lines) write(doc, line, { size: 8, width: SIGNATURE_BOX.w - 16 });
}

export function signatures(doc: Doc, input: BonPdfInput) {
  const { bon } = input;
  section(doc, 'Signatures');
  const left = doc.page.margins.left;
  // Each role's signatures (a role signed twice on one version prints both); an unsigned role, an empty block.
  const blocks: [string, ResolvedBon['signatures'][number] | null][] = [];
  for (const role of SIGNATURE_ROLES) {
    const label = role === 'CLIENT' ? 'Le client' : 'Le technicien';
    const mine = bon.signatures.filter((s) => s.role === role);
    if (!mine.length) blocks.push([label, null]);
    for (const s of mine) blocks.push([label, s]);
  }
  for (let i = 0; i < blocks.length; i += 2) {
    ensureRoom(doc, SIGNATURE_BOX.h + 10);
    const top = doc.y;
    for (let j = i; j < Math.min(i + 2, blocks.length); j++) {
      const [label, s] = blocks[j]!;
      signatureBlock(
        doc,
        left + (j - i) * (SIGNATURE_BOX.w + 15),
        top,
        label,
        s,
        s ? input.signatureImages.get(s.id) : undefined,
      );
    }
    doc.x = left;
    doc.y = top + SIGNATURE_BOX.h + 10;
  }
  doc.fillColor('#64748b');
  write(
    doc,
    bon.version
      ? `Empreinte SHA-256 du contenu signé (version ${bon.version.number}) : ${bon.sha256}`
      : `Empreinte SHA-256 du contenu actuel : ${bon.sha256}`,
    { size: 7 },
  );
  doc.fillColor('#0f172a');
}
