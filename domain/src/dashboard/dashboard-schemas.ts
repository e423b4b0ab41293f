import { z } from 'zod';
import { statutSchema } from '../interventions/statut-schema.ts';
import {
  ALERT_LIST_LIMIT,
  DEFAULT_TIMEFRAME,
  MAX_TIMEFRAME,
  RECENT_LIMIT_DEFAULT,
  RECENT_LIMIT_MAX,
} from './metrics.ts';

/** Query and response shapes of /api/dashboard/* (spec §3 "Dashboard stats", §7 "Dashboard"). */
export const timeframeQuerySchema = z.object({
  timeframe: z.coerce.number().int().min(1).max(MAX_TIMEFRAME).default(DEFAULT_TIMEFRAME),
});
export type TimeframeQuery = z.infer<typeof timeframeQuerySchema>;

export const recentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_LIMIT_MAX).default(RECENT_LIMIT_DEFAULT),
});

export const CHART_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const DEFAULT_CHART_PERIOD: ChartPeriod = 'month';
/** How many buckets each period shows, ending with the current one. */
export const CHART_BUCKETS = { day: 30, week: 12, month: 12, year: 5 } as const satisfies Record<ChartPeriod, number>;
export const CHART_PERIOD_LABELS = {
  day: 'Par jour (30 jours)',
  week: 'Par semaine (12 semaines)',
  month: 'Par mois (12 mois)',
  year: 'Par année (5 ans)',
} as const satisfies Record<ChartPeriod, string>;

export const chartsQuerySchema = z.object({ period: z.enum(CHART_PERIODS).default(DEFAULT_CHART_PERIOD) });

/**
 * Spec §3: overview {…} and alerts {urgentInterventions, overdueInterventions}. Issue 29: a field the reader may not
 * see is left out (`dashboard-access.ts`): the intervention figures and `alerts` need interventions:read,
 * `totalEquipment` equipment:read, `totalClients` clients:read.
 */
export const dashboardStatsSchema = z.object({
  overview: z.object({
    totalInterventions: z.number().int().optional(),
    activeInterventions: z.number().int().optional(),
    totalEquipment: z.number().int().optional(),
    totalClients: z.number().int().optional(),
    completionRate: z.number().optional(),
    completedInterventions: z.number().int().optional(),
  }),
  alerts: z.object({ urgentInterventions: z.number().int(), overdueInterventions: z.number().int() }).optional(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
/** Every figure, as the service computes them before leaving out what the reader may not see. */
export interface FullDashboardStats {
  overview: Required<DashboardStats['overview']>;
  alerts: NonNullable<DashboardStats['alerts']>;
}

export const recentInterventionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  description: z.string().nullable(),
  statut: statutSchema,
  urgence: z.boolean(),
  createdAt: z.string(),
  equipement: z.object({
    id: z.number().int(),
    nom: z.string(),
    type_equipement: z.string().nullable(),
    proprietaire: z.object({ id: z.number().int(), nom_entreprise: z.string() }),
  }),
  creerPar: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
});
export type RecentIntervention = z.infer<typeof recentInterventionSchema>;

export const alertItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
});
export type AlertItem = z.infer<typeof alertItemSchema>;

/** Lists hold at most ALERT_LIST_LIMIT items each; `counts` are complete. */
export const dashboardAlertsSchema = z.object({
  urgent: z.array(alertItemSchema).max(ALERT_LIST_LIMIT),
  overdue: z.array(alertItemSchema).max(ALERT_LIST_LIMIT),
  counts: z.object({ urgent: z.number().int(), overdue: z.number().int(), total: z.number().int() }),
});
export type DashboardAlerts = z.infer<typeof dashboardAlertsSchema>;

const statusCountsSchema = z.record(z.string(), z.number().int());

export const chartBucketSchema = z.object({
  /** First day of the bucket, YYYY-MM-DD. */
  start: z.string(),
  total: z.number().int(),
  byStatus: statusCountsSchema,
});
export type ChartBucket = z.infer<typeof chartBucketSchema>;

export const labelCountSchema = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export type LabelCount = z.infer<typeof labelCountSchema>;

export const dashboardChartsSchema = z.object({
  period: z.enum(CHART_PERIODS),
  from: z.string(),
  to: z.string(),
  series: z.array(chartBucketSchema),
  byEquipmentType: z.array(labelCountSchema),
  byClient: z.array(labelCountSchema),
});
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;
