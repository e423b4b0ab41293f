import { CONTRACT_TYPE_LABELS, SLA_CIBLE_LABELS, type SlaCible } from '@gmao/domain/contracts/contract-constants';
import type { CustomFieldType } from '@gmao/domain/custom-fields/custom-field-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { formatDate, formatDateTime } from '@gmao/domain/format/format';
import { formatGuaranteedMinutes, SLA_ETAT_WORDS } from '@gmao/domain/interventions/signature-schemas';
import { type Doc, keyValues, section, table, write } from '../../lib/pdf.ts';
import type { ResolvedBon } from '../interventions/signatures/signatures.service.ts';
import type { BonPdfInput } from './bon-pdf.ts';
import type { InterventionReportDetails } from './intervention-report-details.repository.ts';

// The sections of the bon that print what the client signs, read only from `bon.content` (a signed version's frozen
// text or the live one), so that a reprint of a signed version shows the signed words, whatever changed since.

const PHOTO_BOX = { w: 160, h: 120, gap: 10 };

/** Starts a block of `height` on a new page when it does not fit on this one. */
export function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

export function parties(doc: Doc, bon: ResolvedBon) {
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

export function contract(doc: Doc, input: BonPdfInput) {
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
export function workDetails(bon: ResolvedBon, review: InterventionReportDetails['review']): InterventionReportDetails {
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

export function photos(doc: Doc, input: BonPdfInput) {
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
