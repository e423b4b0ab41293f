import { z } from 'zod';
import { idSchema, isCalendarDay } from '../common/api.ts';
import { metricsToday, timeframeStart } from '../dashboard/metrics.ts';

/** /api/reports/*: a period (inclusive dates) and optional client / equipment / technician. */
export const REPORT_MAX_DAYS = 3660;
export const REPORT_MESSAGES = {
  dateRequired: 'La date est requise',
  dateFormat: 'Date invalide (AAAA-MM-JJ)',
  dateOrder: 'La date de fin doit être postérieure ou égale à la date de début',
  periodTooLong: 'La période ne peut pas dépasser 10 ans',
  interventionNotFound: 'Intervention introuvable',
} as const;

const isoDate = z
  .string({ error: REPORT_MESSAGES.dateRequired })
  .min(1, REPORT_MESSAGES.dateRequired)
  .refine(isCalendarDay, REPORT_MESSAGES.dateFormat);

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());

/** The same object validates the reports form (select values: strings) and the querystring (strict ids). */
export const reportFilterSchema = z
  .object({
    dateFrom: isoDate,
    dateTo: isoDate,
    clientId: optionalId,
    equipementId: optionalId,
    technicianId: optionalId,
  })
  .refine((f) => f.dateFrom <= f.dateTo, { message: REPORT_MESSAGES.dateOrder, path: ['dateTo'] })
  .refine((f) => (new Date(f.dateTo).getTime() - new Date(f.dateFrom).getTime()) / 86_400_000 <= REPORT_MAX_DAYS, {
    message: REPORT_MESSAGES.periodTooLong,
    path: ['dateFrom'],
  });
export type ReportFilter = z.infer<typeof reportFilterSchema>;
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

/** Default: the last 30 days. */
export function defaultReportFilter(now: Date = new Date()): { dateFrom: string; dateTo: string } {
  const today = metricsToday(now);
  return { dateFrom: timeframeStart(today, 30), dateTo: today };
}

export const reportSummarySchema = z.object({
  filter: z.object({
    dateFrom: z.string(),
    dateTo: z.string(),
    client: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
    equipement: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
    technician: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  }),
  counts: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    open: z.number().int(),
    urgent: z.number().int(),
    overdue: z.number().int(),
    byStatus: z.record(z.string(), z.number().int()),
  }),
  completionRate: z.number(),
  durations: z.object({
    meanTimeToStartHours: z.number().nullable(),
    mttrHours: z.number().nullable(),
    totalRepairHours: z.number(),
  }),
  /** Decimal strings in MAD (exact sums of NUMERIC columns). */
  costs: z.object({ total: z.string(), average: z.string(), equipmentValue: z.string() }),
  equipmentCount: z.number().int(),
  clientCount: z.number().int(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** Columns of the CSV export, in order (header labels in French). */
export const REPORT_CSV_COLUMNS = [
  ['id', 'N°'],
  ['date', 'Date'],
  ['client', 'Client'],
  ['equipement', 'Équipement'],
  ['type', "Type d'équipement"],
  ['statut', 'Statut'],
  ['urgence', 'Urgence'],
  ['technicien', 'Technicien'],
  ['description', 'Description'],
  ['debut', 'Début'],
  ['fin', 'Fin'],
  ['duree', 'Durée (h)'],
  ['attente', 'Attente pièces (h)'],
  ['cout', 'Coût (MAD)'],
] as const;

export const reportFileName = (f: { dateFrom: string; dateTo: string }, ext: 'csv' | 'pdf') =>
  `rapport-interventions_${f.dateFrom}_${f.dateTo}.${ext}`;
export const interventionReportFileName = (id: number) => `rapport-intervention-${id}.pdf`;

/** Choices of the reports form (GET /api/reports/options): at most REPORT_OPTIONS_LIMIT of each, by name. */
export const REPORT_OPTIONS_LIMIT = 1000;
const option = z.object({ id: z.number().int(), nom: z.string() });
export const reportOptionsQuerySchema = z.object({ clientId: optionalId });
export const reportOptionsSchema = z.object({
  clients: z.array(option),
  equipment: z.array(option.extend({ clientId: z.number().int() })),
  technicians: z.array(option),
});
export type ReportOptions = z.infer<typeof reportOptionsSchema>;

/**
 * GET /api/reports/parts-downtime (issue 18): for the report's selection, the parts ranked by the equipment-down
 * time of the interventions that waited for them — each intervention's time in EN_ATTENTE_PDR (its current wait
 * included) counted once for every part of its part requests that were not cancelled.
 */
export const PARTS_DOWNTIME_LIMIT = 50;
export const PARTS_DOWNTIME_LABELS = {
  title: 'Pièces ayant immobilisé le plus longtemps',
  description: "Temps d'attente de pièces (PDR) des interventions de la période, cumulé par pièce demandée, en heures",
  empty: 'Aucune attente de pièces sur la période',
  reference: 'Référence',
  designation: 'Désignation',
  interventions: 'Interventions',
  equipment: 'Équipements',
  quantity: 'Quantité demandée',
  waiting: "Temps d'immobilisation",
} as const;
export const partDowntimeSchema = z.object({
  partId: z.number().int(),
  reference: z.string(),
  designation: z.string(),
  unite: z.string(),
  interventions: z.number().int(),
  equipment: z.number().int(),
  quantity: z.number(),
  waitingHours: z.number(),
});
export type PartDowntime = z.infer<typeof partDowntimeSchema>;
