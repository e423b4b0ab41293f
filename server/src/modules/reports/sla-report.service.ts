import { Readable } from 'node:stream';
import { wallClockOf } from '@gmao/domain/interventions/planning-clock';
import { wallClockText } from '@gmao/domain/interventions/schedule-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import {
  SLA_REPORT_MESSAGES as M,
  SLA_REPORT_ROW_LIMIT,
  type SlaReport,
  type SlaReportQuery,
  type SlaReportRow,
  slaRate,
} from '@gmao/domain/reports/sla-report-schemas';
import {
  formatSlaDuration,
  SLA_CIBLE_LABELS,
  SLA_CIBLE_SHORT,
  SLA_CIBLES,
  SLA_ETAT_LABELS,
  type SlaCible,
} from '@gmao/domain/sla/sla-clock';
import type { DbOrTx } from '../../db/database.ts';
import { csvFileStream, frDecimal } from '../../lib/csv.ts';
import { heading, keyValues, renderPdf, section, table } from '../../lib/pdf.ts';
import { drawCompanyHeader, drawPageNumbers } from '../../lib/pdf-header.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { companyHeader } from '../settings/company.service.ts';
import {
  clientName,
  horsContratCount,
  horsContratRows,
  slaReportRows,
  slaTargetCounts,
} from './sla-report.repository.ts';

/** Casablanca's wall clock of an instant, as every document shows times: '29/11/2026 à 11:30'. */
const local = (iso: string | null) => (iso ? wallClockText(wallClockOf(iso)) : '—');
const short = (c: SlaCible) => SLA_CIBLE_SHORT[c];

/** GET /api/reports/sla: the period's compliance per guaranteed time, and its first interventions. */
export async function getSlaReport(db: DbOrTx, q: SlaReportQuery): Promise<SlaReport> {
  const [counts, horsContrat, rows, client] = await Promise.all([
    slaTargetCounts(db, q),
    horsContratCount(db, q),
    slaReportRows(db, q, SLA_REPORT_ROW_LIMIT + 1),
    q.client_id ? clientName(db, q.client_id) : Promise.resolve(null),
  ]);
  return {
    filter: {
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
      client: q.client_id && client !== null ? { id: q.client_id, nom: client } : null,
    },
    cibles: counts.map((c) => ({
      ...c,
      en_cours: c.total - c.respectees - c.depassees,
      taux: slaRate(c.respectees, c.depassees),
    })),
    hors_contrat: horsContrat,
    interventions: rows.slice(0, SLA_REPORT_ROW_LIMIT),
    truncated: rows.length > SLA_REPORT_ROW_LIMIT,
  };
}

/** One clock as a cell: "Respecté — 2 h 10 / 4 h" (consumed / guaranteed), "Dépassé — échéance 29/11/2026 à 14:00". */
function clockCell(c: SlaReportRow['cibles'][number] | undefined): string {
  if (!c) return '—';
  const state = SLA_ETAT_LABELS[c.etat];
  if (c.etat === 'RESPECTE' || c.etat === 'DEPASSE')
    return `${state} — ${formatSlaDuration(c.consomme_minutes)} / ${formatSlaDuration(c.objectif_minutes)}`;
  return `${state} — échéance ${local(c.echeance)}`;
}

export async function slaReportPdf(db: DbOrTx, q: SlaReportQuery, storage?: FileStorage): Promise<Buffer> {
  const [report, header] = await Promise.all([getSlaReport(db, q), companyHeader(db, storage)]);
  const f = report.filter;
  return renderPdf(
    M.title,
    (doc) => {
      drawCompanyHeader(doc, header);
      heading(doc, M.title, `Période du ${frDay(f.dateFrom)} au ${frDay(f.dateTo)}`);
      keyValues(doc, [
        [M.client, f.client?.nom ?? M.allClients],
        ['Hors contrat', M.horsContrat(report.hors_contrat)],
      ]);
      section(doc, 'Synthèse');
      if (report.cibles.length === 0) keyValues(doc, [['', M.empty]]);
      else
        table(
          doc,
          [
            { header: M.target, width: 150 },
            { header: M.total, width: 75 },
            { header: M.met, width: 75 },
            { header: M.breached, width: 75 },
            { header: M.running, width: 60 },
            { header: M.rate, width: 80 },
          ],
          report.cibles.map((c) => [
            `${SLA_CIBLE_LABELS[c.cible]} (${short(c.cible)})`,
            String(c.total),
            String(c.respectees),
            String(c.depassees),
            String(c.en_cours),
            c.taux === null ? '—' : `${String(c.taux).replace('.', ',')} %`,
          ]),
        );
      if (report.interventions.length > 0) {
        section(doc, report.truncated ? M.truncated(SLA_REPORT_ROW_LIMIT) : 'Interventions');
        const targets = SLA_CIBLES.filter((t) => report.cibles.some((c) => c.cible === t));
        table(
          doc,
          [
            { header: 'N°', width: 35 },
            { header: 'Ouverte le', width: 75 },
            { header: 'Équipement', width: 105 },
            { header: 'Contrat', width: 55 },
            ...targets.map((t) => ({ header: short(t), width: Math.floor(245 / targets.length) })),
          ],
          report.interventions.map((r) => [
            String(r.id),
            local(r.demarre_le),
            f.client ? r.equipement : `${r.equipement} — ${r.client}`,
            r.contrat,
            ...targets.map((t) => clockCell(r.cibles.find((c) => c.cible === t))),
          ]),
        );
      }
      drawPageNumbers(doc, M.title);
    },
    { bufferPages: true },
  );
}

const frDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

const SLA_CSV_COLUMNS: [string, string][] = [
  ['id', 'N°'],
  ['demarre', 'Ouverte le'],
  ['client', 'Client'],
  ['contrat', 'Contrat'],
  ['equipement', 'Équipement'],
  ['urgence', 'Urgente'],
  ['statut', 'Statut'],
  ...SLA_CIBLES.flatMap((t): [string, string][] => [
    [`${t}_objectif`, `${short(t)} garanti (min ouvrées)`],
    [`${t}_echeance`, `${short(t)} échéance`],
    [`${t}_atteint`, `${short(t)} atteint le`],
    [`${t}_consomme`, `${short(t)} consommé (min ouvrées)`],
    [`${t}_etat`, `${short(t)} état`],
  ]),
];

/** GET /api/reports/sla/csv: every intervention of the period with its clocks (Excel fr-FR). */
export async function slaReportCsv(db: DbOrTx, q: SlaReportQuery) {
  const rows = await slaReportRows(db, q, null);
  return csvFileStream(
    SLA_CSV_COLUMNS,
    Readable.from(
      rows.map((r) => {
        const out: Record<string, unknown> = {
          id: r.id,
          demarre: local(r.demarre_le),
          client: r.client,
          contrat: r.contrat,
          equipement: r.equipement,
          urgence: r.urgence ? 'oui' : 'non',
          statut: statutLabel(r.statut),
        };
        for (const c of r.cibles) {
          out[`${c.cible}_objectif`] = c.objectif_minutes;
          out[`${c.cible}_echeance`] = local(c.echeance);
          out[`${c.cible}_atteint`] = local(c.atteint_le);
          out[`${c.cible}_consomme`] = c.consomme_minutes;
          out[`${c.cible}_etat`] = SLA_ETAT_LABELS[c.etat];
        }
        return out;
      }),
    ),
  );
}

/** GET /api/reports/hors-contrat.csv: the interventions no contract covered, to invoice (time on site, materials). */
export async function horsContratCsv(db: DbOrTx, q: SlaReportQuery) {
  const rows = await horsContratRows(db, q);
  return csvFileStream(
    [
      ['id', 'N°'],
      ['date', 'Date'],
      ['client', 'Client'],
      ['ice', 'ICE'],
      ['equipement', 'Équipement'],
      ['description', 'Description'],
      ['statut', 'Statut'],
      ['heures', 'Temps passé (h)'],
      ['materiel', 'Matériel'],
      ['montant', 'Montant matériel (MAD)'],
    ],
    Readable.from(
      rows.map((r) => ({
        id: r.id,
        date: frDay(r.date),
        client: r.client,
        ice: r.ice ?? '',
        equipement: r.equipement,
        description: r.description ?? '',
        statut: statutLabel(r.statut),
        heures: frDecimal(r.minutes / 60, 2),
        materiel: r.materiel ?? '',
        montant: frDecimal(r.montant_materiel, 2),
      })),
    ),
  );
}
