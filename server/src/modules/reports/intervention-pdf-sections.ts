import { formatCustomValue } from '@gmao/domain/custom-fields/custom-field-schemas';
import { formatCurrency, formatDate, formatDateTime } from '@gmao/domain/format/format';
import { formatDuration } from '@gmao/domain/interventions/activity-schemas';
import { GRAVITE_LABELS, RESULTAT_CONTROLE_LABELS } from '@gmao/domain/interventions/record-schemas';
import { REVIEW_STATUS_LABELS } from '@gmao/domain/interventions/review-schemas';
import { type Doc, keyValues, section, table, write } from '../../lib/pdf.ts';
import type { InterventionReportDetails } from './intervention-report-details.repository.ts';

const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;
const qty = (v: string) => String(Number(v)).replace('.', ',');

/**
 * The work sections of the one-intervention PDF: diagnostic, planning, quality control, checklist, materials, time.
 * `prices: false` (the bon's setting "Afficher les prix sur le bon" off): the materials without prices nor total.
 */
export function detailSections(doc: Doc, d: InterventionReportDetails, { prices = true }: { prices?: boolean } = {}) {
  section(doc, 'Diagnostic');
  if (d.diagnostic)
    keyValues(doc, [
      ['Constat', d.diagnostic.constat],
      ['Causes', d.diagnostic.causes],
      ['Actions recommandées', d.diagnostic.actions_recommandees],
      ['Gravité', label(GRAVITE_LABELS, d.diagnostic.gravite)],
      ['Par', d.diagnostic.user],
    ]);
  else keyValues(doc, [['Diagnostic', 'Non renseigné']]);

  section(doc, 'Planification');
  if (d.planification)
    keyValues(doc, [
      ['Date prévue', formatDate(d.planification.date_prevue)],
      ['Durée estimée', d.planification.duree_estimee ? `${qty(d.planification.duree_estimee)} h` : null],
      ['Pièces nécessaires', d.planification.pieces_necessaires],
      ['Instructions', d.planification.instructions],
      ['Par', d.planification.user],
    ]);
  else keyValues(doc, [['Planification', 'Non renseignée']]);

  section(doc, 'Contrôle qualité');
  if (d.qualityControl)
    keyValues(doc, [
      ['Résultat', label(RESULTAT_CONTROLE_LABELS, d.qualityControl.resultat)],
      ['Observations', d.qualityControl.observations],
      ['Contrôlé le', formatDate(d.qualityControl.controle_le)],
      ['Contrôlé par', d.qualityControl.user],
    ]);
  else keyValues(doc, [['Contrôle qualité', 'Non renseigné']]);

  if (d.customFields.length) {
    section(doc, 'Champs personnalisés');
    keyValues(
      doc,
      d.customFields.map((f) => [f.libelle, formatCustomValue(f, f.value)]),
    );
  }

  const done = d.checklist.filter((c) => c.checked).length;
  section(doc, `Checklist (${done}/${d.checklist.length})`);
  if (d.checklist.length)
    table(
      doc,
      [
        { header: 'Point', width: 250 },
        { header: 'Fait', width: 45 },
        { header: 'Le', width: 110 },
        { header: 'Par', width: 110 },
      ],
      d.checklist.map((c) => [c.label, c.checked ? 'Oui' : 'Non', formatDateTime(c.checked_at), c.user ?? '-']),
    );

  section(doc, 'Matériaux utilisés');
  if (d.materials.length && !prices)
    table(
      doc,
      [
        { header: 'Désignation', width: 275 },
        { header: 'Référence', width: 130 },
        { header: 'Quantité', width: 110 },
      ],
      d.materials.map((m) => [m.designation, m.reference ?? '-', qty(m.quantite)]),
    );
  else if (d.materials.length)
    table(
      doc,
      [
        { header: 'Désignation', width: 170 },
        { header: 'Référence', width: 90 },
        { header: 'Quantité', width: 60 },
        { header: 'Prix unitaire', width: 95 },
        { header: 'Total', width: 100 },
      ],
      d.materials.map((m) => [
        m.designation,
        m.reference ?? '-',
        qty(m.quantite),
        formatCurrency(m.prix_unitaire),
        formatCurrency(m.total),
      ]),
    );
  if (prices) keyValues(doc, [['Total matériaux', formatCurrency(d.materialsTotal)]]);
  else if (!d.materials.length) keyValues(doc, [['Matériaux', 'Aucun']]);

  section(doc, 'Temps passé');
  keyValues(doc, [
    ['Total', formatDuration(d.totalSeconds)],
    ...d.time.map((t): [string, string] => [t.user, formatDuration(Number(t.seconds))]),
  ]);
}

/** The review state (submitted / approved / rejected with its reason), then the written reports. */
export function comptesRendusSection(doc: Doc, d: InterventionReportDetails) {
  if (d.review) {
    section(doc, 'Validation');
    keyValues(doc, [
      ['État', label(REVIEW_STATUS_LABELS, d.review.review_status)],
      ['Soumise', `${formatDateTime(d.review.submitted_at)} par ${d.review.submitter ?? '-'}`],
      [
        'Décision',
        d.review.reviewed_at ? `${formatDateTime(d.review.reviewed_at)} par ${d.review.reviewer ?? '-'}` : null,
      ],
      ['Motif du rejet', d.review.reason],
    ]);
  }
  if (!d.comptesRendus.length) return;
  section(doc, 'Comptes rendus');
  for (const r of d.comptesRendus) {
    write(doc, r.titre, { style: 'bold', size: 10 });
    doc.fillColor('#475569');
    write(doc, `${r.user ?? '-'} — ${formatDateTime(r.created_at)}`, { size: 8 });
    doc.fillColor('#0f172a');
    write(doc, r.contenu, { size: 10 });
    doc.moveDown(0.5);
  }
}
