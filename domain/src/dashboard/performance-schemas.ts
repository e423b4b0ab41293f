import { z } from 'zod';
import { formatNumber } from '../format/format.ts';

/** /api/dashboard/performance and /api/interventions/performance (same figures, one definition each). */
export const technicianPerformanceSchema = z.object({
  technicianId: z.number().int().nullable(),
  nom: z.string(),
  assigned: z.number().int(),
  completed: z.number().int(),
  /** Open interventions assigned now, whatever their date (workload). */
  open: z.number().int(),
  completionRate: z.number(),
  mttrHours: z.number().nullable(),
});
export type TechnicianPerformance = z.infer<typeof technicianPerformanceSchema>;

export const performanceSchema = z.object({
  timeframe: z.number().int(),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  completed: z.number().int(),
  completionRate: z.number(),
  /** Hours, null when nothing in the period has the two timestamps. */
  meanTimeToStartHours: z.number().nullable(),
  mttrHours: z.number().nullable(),
  firstTimeFixRate: z.number(),
  backlog: z.object({
    count: z.number().int(),
    averageAgeDays: z.number().nullable(),
    oldestAgeDays: z.number().int().nullable(),
  }),
  technicians: z.array(technicianPerformanceSchema),
});
export type Performance = z.infer<typeof performanceSchema>;

/** Hours with one decimal, or null. */
export function roundHours(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 10) / 10 : null;
}

const ONE_DECIMAL = { maximumFractionDigits: 1 } as const;

export function formatHours(value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  // formatNumber keeps one Intl.NumberFormat (toLocaleString builds one per call: issue 30 item 10).
  if (value < 48) return `${formatNumber(value, ONE_DECIMAL)} h`;
  return `${formatNumber(value / 24, ONE_DECIMAL)} j`;
}
