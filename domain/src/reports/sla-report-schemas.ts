import { z } from 'zod';
import { idSchema, isCalendarDay } from '../common/api.ts';
import { SLA_CIBLES, SLA_ETATS } from '../sla/sla-clock.ts';
import { REPORT_MESSAGES } from './report-schemas.ts';

/**
 * The guaranteed-times report of a client (issue 31): GET /api/reports/sla (JSON), /sla/pdf, /sla/csv; and the
 * "hors contrat" interventions to invoice, GET /api/reports/hors-contrat.csv. A period of at most 366 days.
 */
export const SLA_REPORT_MAX_DAYS = 366;
/** Interventions listed in the JSON and the PDF (the CSV has them all). */
export const SLA_REPORT_ROW_LIMIT = 500;

export const SLA_REPORT_MESSAGES = {
  title: 'Rapport des délais garantis',
  menu: 'Délais garantis',
  intro:
    'Le respect des délais garantis par les contrats (GTI : arrivée sur site, GTR : rétablissement), en heures ouvrées du calendrier de chaque contrat, pour les interventions ouvertes dans la période.',
  periodTooLong: 'La période ne peut pas dépasser 366 jours',
  allClients: 'Tous les clients',
  client: 'Client',
  dateFrom: 'Du',
  dateTo: 'Au',
  show: 'Afficher',
  pdf: 'Télécharger le PDF',
  csv: 'Exporter en CSV',
  horsContratCsv: 'Hors contrat à facturer (CSV)',
  empty: 'Aucune intervention sous contrat dans la période',
  emptyHint: "Les délais garantis s'appliquent aux interventions créées sur un équipement couvert par un contrat.",
  target: 'Délai',
  total: 'Interventions',
  met: 'Respectés',
  breached: 'Dépassés',
  running: 'En cours',
  rate: 'Taux de respect',
  horsContrat: (n: number) => `${n} intervention${n > 1 ? 's' : ''} hors contrat dans la période`,
  truncated: (n: number) => `Les ${n} premières interventions (le CSV les contient toutes)`,
  loadError: 'Le rapport n’a pas pu être chargé',
  fileName: (from: string, to: string, ext: 'pdf' | 'csv') => `delais-garantis-${from}-${to}.${ext}`,
  horsContratFileName: (from: string, to: string) => `hors-contrat-${from}-${to}.csv`,
} as const;

const isoDate = z
  .string({ error: REPORT_MESSAGES.dateRequired })
  .min(1, REPORT_MESSAGES.dateRequired)
  .refine(isCalendarDay, REPORT_MESSAGES.dateFormat);
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());

export const slaReportQuerySchema = z
  .object({ client_id: optionalId, dateFrom: isoDate, dateTo: isoDate })
  .refine((f) => f.dateFrom <= f.dateTo, { message: REPORT_MESSAGES.dateOrder, path: ['dateTo'] })
  .refine((f) => (new Date(f.dateTo).getTime() - new Date(f.dateFrom).getTime()) / 86_400_000 < SLA_REPORT_MAX_DAYS, {
    message: SLA_REPORT_MESSAGES.periodTooLong,
    path: ['dateFrom'],
  });
export type SlaReportQuery = z.output<typeof slaReportQuerySchema>;

export const slaTargetSummarySchema = z.object({
  cible: z.enum(SLA_CIBLES),
  total: z.number(),
  respectees: z.number(),
  depassees: z.number(),
  en_cours: z.number(),
  /** Respected / (respected + breached), in % with one decimal; null when none is decided yet. */
  taux: z.number().nullable(),
});

export const slaReportRowSchema = z.object({
  id: z.number(),
  /** When the clocks started (the intervention's creation, or its request's), ISO. */
  demarre_le: z.string(),
  /** The same on Casablanca's wall clock, written by the server ('29/11/2026 à 11:30'): what the web shows. */
  demarre_locale: z.string(),
  client: z.string(),
  equipement: z.string(),
  description: z.string().nullable(),
  urgence: z.boolean(),
  statut: z.string(),
  contrat: z.string(),
  cibles: z.array(
    z.object({
      cible: z.enum(SLA_CIBLES),
      objectif_minutes: z.number(),
      echeance: z.string().nullable(),
      /** The deadline on Casablanca's wall clock ('29/11/2026 à 14:30'), null without a deadline. */
      echeance_locale: z.string().nullable(),
      atteint_le: z.string().nullable(),
      etat: z.enum(SLA_ETATS),
      consomme_minutes: z.number(),
    }),
  ),
});
export type SlaReportRow = z.infer<typeof slaReportRowSchema>;

export const slaReportSchema = z.object({
  filter: z.object({
    dateFrom: z.string(),
    dateTo: z.string(),
    client: z.object({ id: z.number(), nom: z.string() }).nullable(),
  }),
  cibles: z.array(slaTargetSummarySchema),
  hors_contrat: z.number(),
  interventions: z.array(slaReportRowSchema),
  truncated: z.boolean(),
});
export type SlaReport = z.infer<typeof slaReportSchema>;

/** Respected share of the decided clocks, one decimal (null when none is decided). */
export function slaRate(respectees: number, depassees: number): number | null {
  const decided = respectees + depassees;
  return decided === 0 ? null : Math.round((respectees / decided) * 1000) / 10;
}
