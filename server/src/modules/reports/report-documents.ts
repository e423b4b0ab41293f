import { formatHours } from '@gmao/domain/dashboard/performance-schemas';
import { formatCurrency, formatDate, formatDateTime, formatPercent } from '@gmao/domain/format/format';
import { statutLabel } from '@gmao/domain/interventions/status';
import { PLAN_LABELS } from '@gmao/domain/plans/plan-form';
import type { Compliance } from '@gmao/domain/plans/plan-schemas';
import { PARTS_DOWNTIME_LABELS, type PartDowntime, type ReportSummary } from '@gmao/domain/reports/report-schemas';
import { heading, keyValues, renderPdf, section, table } from '../../lib/pdf.ts';
import { type CompanyHeader, drawCompanyHeader } from '../../lib/pdf-header.ts';
import type { ReportRow } from './reports.repository.ts';

/** Rows listed in the period PDF; the CSV export has them all. */
export const PDF_ROW_LIMIT = 500;
/** Parts listed in the period PDF's 'Pièces ayant immobilisé le plus longtemps'. */
const PDF_PARTS_LIMIT = 10;

export function summaryPdf(
  summary: ReportSummary,
  rows: ReportRow[],
  truncated: boolean,
  preventive: Compliance | null = null,
  partsDowntime: PartDowntime[] = [],
  header: CompanyHeader | null = null,
  /** false for a client portal user (issue 33): no cost, price or value is printed. */
  { costs = true }: { costs?: boolean } = {},
): Promise<Buffer> {
  const f = summary.filter;
  return renderPdf("Rapport d'interventions", (doc) => {
    if (header) drawCompanyHeader(doc, header);
    heading(
      doc,
      "Rapport d'interventions",
      `Période du ${formatDate(f.dateFrom)} au ${formatDate(f.dateTo)} — édité le ${formatDateTime(new Date())}`,
    );
    keyValues(doc, [
      ['Client', f.client?.nom ?? 'Tous'],
      ['Équipement', f.equipement?.nom ?? 'Tous'],
      ['Technicien', f.technician?.nom ?? 'Tous'],
    ]);
    section(doc, 'Synthèse');
    keyValues(doc, [
      ['Interventions', summary.counts.total],
      ['Terminées', summary.counts.completed],
      ['Taux de réalisation', formatPercent(summary.completionRate)],
      ['Ouvertes', summary.counts.open],
      ['Urgentes (ouvertes)', summary.counts.urgent],
      ['En retard', summary.counts.overdue],
      ['Délai moyen de démarrage', formatHours(summary.durations.meanTimeToStartHours)],
      ['Temps moyen de réparation (MTTR)', formatHours(summary.durations.mttrHours)],
      ['Temps total de réparation', formatHours(summary.durations.totalRepairHours)],
      ...(costs
        ? ([
            ['Coût estimé total', formatCurrency(summary.costs.total)],
            ['Coût moyen par intervention', formatCurrency(summary.costs.average)],
            ['Valeur des équipements concernés', formatCurrency(summary.costs.equipmentValue)],
          ] as [string, string][])
        : []),
      ['Équipements / clients concernés', `${summary.equipmentCount} / ${summary.clientCount}`],
    ]);
    if (preventive && preventive.total.due > 0) {
      // Issue 17: what the client is shown of the planned visits of the period.
      const t = preventive.total;
      section(doc, PLAN_LABELS.compliance(t.on_time_pct));
      keyValues(doc, [
        ['Échéances de la période', t.due],
        [`À temps (terminées au plus tard ${preventive.tolerance_days} jours après l'échéance)`, t.on_time],
        ['En retard', t.late],
        ['Manquées', t.missed],
        ['En cours', t.open],
      ]);
      table(
        doc,
        [
          { header: 'Plan', width: 230 },
          { header: 'Échéances', width: 70 },
          { header: 'À temps', width: 70 },
          { header: 'Taux', width: 70 },
        ],
        preventive.plans.map((p) => [
          p.nom_entreprise ? `${p.nom} — ${p.nom_entreprise}` : p.nom,
          String(p.due),
          String(p.on_time),
          p.on_time_pct === null ? '—' : `${p.on_time_pct} %`,
        ]),
      );
    }
    if (partsDowntime.length > 0) {
      // Issue 18: the parts that kept equipment down longest over the period.
      const L = PARTS_DOWNTIME_LABELS;
      section(doc, L.title);
      table(
        doc,
        [
          { header: L.reference, width: 90 },
          { header: L.designation, width: 170 },
          { header: L.waiting, width: 90 },
          { header: L.interventions, width: 70 },
          { header: L.equipment, width: 70 },
        ],
        partsDowntime
          .slice(0, PDF_PARTS_LIMIT)
          .map((p) => [
            p.reference,
            p.designation,
            formatHours(p.waitingHours),
            String(p.interventions),
            String(p.equipment),
          ]),
      );
    }
    section(doc, 'Répartition par statut');
    table(
      doc,
      [
        { header: 'Statut', width: 200 },
        { header: 'Nombre', width: 80 },
      ],
      Object.entries(summary.counts.byStatus).map(([s, n]) => [statutLabel(s), String(n)]),
    );
    section(
      doc,
      truncated ? `Interventions (${PDF_ROW_LIMIT} premières — export CSV pour la liste complète)` : 'Interventions',
    );
    table(
      doc,
      [
        { header: 'N°', width: 35 },
        { header: 'Date', width: 55 },
        { header: 'Client', width: 95 },
        { header: 'Équipement', width: 100 },
        { header: 'Statut', width: 65 },
        { header: 'Technicien', width: 80 },
        { header: 'Durée', width: 35 },
        ...(costs ? [{ header: 'Coût', width: 50 }] : []),
      ],
      rows.map((r) => [
        String(r.id),
        formatDate(r.date),
        r.client,
        r.equipement,
        `${statutLabel(r.statut)}${r.urgence ? ' (URGENT)' : ''}`,
        r.technicien ?? '-',
        formatHours(r.repair_h === null ? null : Math.round(r.repair_h * 10) / 10),
        ...(costs ? [formatCurrency(r.cout)] : []),
      ]),
    );
  });
}
