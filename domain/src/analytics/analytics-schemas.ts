import { z } from 'zod';
import { labelCountSchema } from '../dashboard/dashboard-schemas.ts';
import { equipmentTypeLabel as typeLabel } from '../equipment/equipment-types.ts';

/** /api/interventions/analytics and /completion-metrics (timeframe in days, default 30). */
export const ANALYTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** Bucket size for a timeframe: per day up to a month, per week up to ~4 months, then per month. */
export function bucketFor(timeframe: number): AnalyticsBucket {
  if (timeframe <= 31) return 'day';
  if (timeframe <= 120) return 'week';
  return 'month';
}

export const TIMEFRAME_LABELS: Record<number, string> = {
  7: '7 derniers jours',
  30: '30 derniers jours',
  90: '90 derniers jours',
  365: '12 derniers mois',
};

export const analyticsPointSchema = z.object({
  /** First day of the bucket (clipped to the timeframe start), YYYY-MM-DD. */
  start: z.string(),
  total: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  completed: z.number().int(),
  completionRate: z.number(),
  /** Mean time to repair (hours) of the bucket's completed interventions, null when none. */
  mttrHours: z.number().nullable(),
});
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const workloadSchema = z.object({
  technicianId: z.number().int().nullable(),
  nom: z.string(),
  assigned: z.number().int(),
  completed: z.number().int(),
  open: z.number().int(),
});
export type Workload = z.infer<typeof workloadSchema>;

export const analyticsSchema = z.object({
  timeframe: z.number().int(),
  from: z.string(),
  to: z.string(),
  bucket: z.enum(ANALYTICS_BUCKETS),
  series: z.array(analyticsPointSchema),
  byEquipmentType: z.array(labelCountSchema),
  byClient: z.array(labelCountSchema),
  workload: z.array(workloadSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const completionMetricsSchema = z.object({
  timeframe: z.number().int(),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  completed: z.number().int(),
  open: z.number().int(),
  cancelled: z.number().int(),
  failed: z.number().int(),
  completionRate: z.number(),
  byStatus: z.record(z.string(), z.number().int()),
  urgent: z.object({ total: z.number().int(), completed: z.number().int(), completionRate: z.number() }),
});
export type CompletionMetrics = z.infer<typeof completionMetricsSchema>;

/** The equipment feature's type label (underscores shown as spaces), but 'Non renseigné' as a chart/report category. */
export function equipmentTypeLabel(type: string | null | undefined): string {
  return type ? typeLabel(type) : 'Non renseigné';
}
