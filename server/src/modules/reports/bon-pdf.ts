import { CONTRACT_TYPE_LABELS, SLA_CIBLE_LABELS, type SlaCible } from '@gmao/domain/contracts/contract-constants';
import type { CustomFieldType } from '@gmao/domain/custom-fields/custom-field-schemas';
import { formatHours } from '@gmao/domain/dashboard/performance-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { formatDate, formatDateTime } from '@gmao/domain/format/format';
import { formatGuaranteedMinutes, SIGNATURE_ROLES, SLA_ETAT_WORDS } from '@gmao/domain/interventions/signature-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import QRCode from 'qrcode';
import { type Doc, keyValues, renderPdf, section, table, write } from '../../lib/pdf.ts';
import { type CompanyHeader, drawCompanyHeader, drawPageNumbers } from '../../lib/pdf-header.ts';
import type { ResolvedBon } from '../interventions/signatures/signatures.service.ts';
import { comptesRendusSection, detailSections } from './intervention-pdf-sections.ts';
import type { InterventionReportRow } from './intervention-report.repository.ts';
import type { InterventionReportDetails } from './intervention-report-details.repository.ts';

/**
 * The bon d'intervention (issue 32): a document the client signs. The company header, the title with a QR code back
 * to the intervention, the client (ICE, site), the intervention, the equipment, the contract and its guaranteed
 * times, the work, the materials, the time on site, the photos, then "Suivi" (status, SLA outcome, review, history
 * as of the edition: not part of the signed content) and the signature blocks; "Page 1/2" on every page.
 * Everything of the signed content comes from `bon.content` — the frozen text of a signed version, or the live one.
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

const PHOTO_BOX = { w: 160, h: 120, gap: 10 };
const SIGNATURE_BOX = { w: 250, h: 170, image: [220, 80] as [number, number] };

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

/** Starts a block of `height` on a new page when it does not fit on this one. */
function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
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

function parties(doc: Doc, bon: ResolvedBon) {
  const c = bon.content;
  section(doc, 'Client');
  const site = [c.client.adresse, [c.client.code_postal, c.client.ville].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  keyValues(doc, [
    ['Société', c.client.nom],
    ['ICE', c.client.ice],
    ['Site', site || null],
    ['Contact', c.client.contact],
    ['Téléphone', c.client.telephone],
  ]);
  section(doc, 'Intervention');
  keyValues(doc, [
    ['Date', formatDate(c.intervention.date)],
    ['Urgence', c.intervention.urgence ? 'URGENT' : 'Normale'],
    ['Description', c.intervention.description],
    ['Note', c.intervention.note],
    ['Technicien', c.intervention.technicien],
    ['Créée par', c.intervention.createur],
    ['Créée le', formatDateTime(c.intervention.cree_le)],
  ]);
  section(doc, 'Équipement');
  keyValues(doc, [
    ['Nom', c.equipement.nom],
    ['Type', equipmentTypeLabel(c.equipement.type)],
    ['Marque / modèle', [c.equipement.marque, c.equipement.modele].filter(Boolean).join(' ') || '-'],
    ['N° de série', c.equipement.numero_serie],
  ]);
}

const cibleLabel = (cible: string) => SLA_CIBLE_LABELS[cible as SlaCible] ?? cible;

function contract(doc: Doc, input: BonPdfInput) {
  const c = input.bon.content.contrat;
  section(doc, 'Contrat et délais garantis');
  if (!c) {
    keyValues(doc, [['Contrat', 'Hors contrat']]);
    return;
  }
  const type = CONTRACT_TYPE_LABELS[c.type as keyof typeof CONTRACT_TYPE_LABELS] ?? c.type;
  keyValues(doc, [['Contrat', `${c.numero} (${type})`]]);
  const live = new Map(input.live.sla.map((s) => [s.cible, s]));
  const cibles = c.garanties.length ? c.garanties.map((g) => g.cible) : input.live.sla.map((s) => s.cible);
  if (!cibles.length) {
    keyValues(doc, [['Délais garantis', 'Aucun pour ce type d’intervention']]);
    return;
  }
  const minutes = new Map(c.garanties.map((g) => [g.cible, g.minutes]));
  table(
    doc,
    [
      { header: 'Délai garanti', width: 120 },
      { header: 'Objectif (heures ouvrées)', width: 100 },
      { header: 'Échéance', width: 100 },
      { header: 'Respecté ?', width: 95 },
      { header: 'Atteint le', width: 100 },
    ],
    cibles.map((cible) => {
      const s = live.get(cible);
      const objectif = minutes.get(cible) ?? s?.objectif_minutes;
      const met = s?.etat === 'RESPECTE' ? 'Oui' : s?.etat === 'DEPASSE' ? 'Non (dépassé)' : null;
      return [
        cibleLabel(cible),
        objectif === undefined ? '-' : formatGuaranteedMinutes(objectif),
        s?.echeance ? formatDateTime(s.echeance) : '-',
        met ?? (s ? `${SLA_ETAT_WORDS[s.etat] ?? s.etat} à l'édition` : '-'),
        s?.atteint_le ? formatDateTime(s.atteint_le) : '-',
      ];
    }),
  );
}

/** The content's work in the shape of the report's sections (intervention-pdf-sections.ts). */
function workDetails(bon: ResolvedBon, review: InterventionReportDetails['review']): InterventionReportDetails {
  const c = bon.content;
  const perUser = new Map<string, number>();
  for (const s of c.temps.sessions) {
    const seconds = Math.round((new Date(s.fin).getTime() - new Date(s.debut).getTime()) / 1000);
    perUser.set(s.technicien, (perUser.get(s.technicien) ?? 0) + seconds);
  }
  return {
    diagnostic: c.diagnostic ? { ...c.diagnostic, user: c.diagnostic.par, updated_at: new Date(0) } : null,
    planification: c.planification ? { ...c.planification, user: c.planification.par } : null,
    qualityControl: c.controle_qualite ? { ...c.controle_qualite, user: c.controle_qualite.par } : null,
    checklist: c.checklist.map((i) => ({
      label: i.libelle,
      checked: i.fait,
      checked_at: i.fait_le ? new Date(i.fait_le) : null,
      user: i.par,
    })),
    materials: c.materiels.lignes.map((m) => ({
      designation: m.designation,
      reference: m.reference,
      quantite: m.quantite,
      prix_unitaire: m.prix_unitaire ?? '',
      total: m.total ?? '',
    })),
    materialsTotal: c.materiels.total ?? '',
    time: [...perUser].map(([user, seconds]) => ({ user, seconds })).sort((a, b) => b.seconds - a.seconds),
    totalSeconds: c.temps.total_secondes,
    review,
    customFields: c.champs_personnalises.map((f) => ({
      libelle: f.libelle,
      type: f.type as CustomFieldType,
      unite: f.unite,
      value: f.valeur as string | number | boolean | null,
    })),
    comptesRendus: c.comptes_rendus.map((r) => ({
      titre: r.titre,
      contenu: r.contenu,
      user: r.par,
      created_at: new Date(r.le),
    })),
  };
}

function photos(doc: Doc, input: BonPdfInput) {
  const list = input.bon.content.photos;
  if (!list.length) return;
  section(doc, `Photos (${list.length})`);
  const left = doc.page.margins.left;
  let col = 0;
  let rowTop = doc.y;
  for (const p of list) {
    if (col === 0) {
      ensureRoom(doc, PHOTO_BOX.h + 24);
      rowTop = doc.y;
    }
    const x = left + col * (PHOTO_BOX.w + PHOTO_BOX.gap);
    const bytes = input.photoImages.get(p.id);
    let drawn = false;
    if (bytes) {
      try {
        doc.image(bytes, x, rowTop, { fit: [PHOTO_BOX.w, PHOTO_BOX.h] });
        drawn = true;
      } catch {
        drawn = false;
      }
    }
    if (!drawn) {
      doc.rect(x, rowTop, PHOTO_BOX.w, PHOTO_BOX.h).lineWidth(0.5).strokeColor('#cbd5e1').stroke();
    }
    doc.x = x;
    doc.y = rowTop + PHOTO_BOX.h + 2;
    doc.fillColor('#475569');
    write(doc, drawn ? p.nom : `${p.nom} (aperçu indisponible)`, { size: 7, width: PHOTO_BOX.w });
    doc.fillColor('#0f172a');
    col = (col + 1) % 3;
    if (col === 0) doc.y = rowTop + PHOTO_BOX.h + 20;
  }
  doc.x = left;
  if (col !== 0) doc.y = rowTop + PHOTO_BOX.h + 20;
}

function followUp(doc: Doc, input: BonPdfInput) {
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

function signatures(doc: Doc, input: BonPdfInput) {
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
