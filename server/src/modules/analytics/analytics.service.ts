import { type Analytics, bucketFor, type CompletionMetrics } from '@gmao/domain/analytics/analytics-schemas';
import { completionRate, metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import { roundHours } from '@gmao/domain/dashboard/performance-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { countByClient, countByEquipmentType, repairSeries, statusSeries } from '../dashboard/charts.repository.ts';
import { CLIENT_CHART_LIMIT, clientCounts, toBuckets, typeCounts } from '../dashboard/dashboard.service.ts';
import { timingModeFor } from '../dashboard/metrics-sql.ts';
import { perTechnician } from '../dashboard/performance.repository.ts';
import { UNASSIGNED_LABEL } from '../dashboard/performance.service.ts';
import { completionCounts, countByStatus } from './analytics.repository.ts';

type Opts = { timeframe: number; today?: string };

function period(opts: Opts) {
  const to = opts.today ?? metricsToday();
  return { from: timeframeStart(to, opts.timeframe), to };
}

/** Everything the /analytics screen draws, for one timeframe. */
export async function getAnalytics(db: DbOrTx, opts: Opts): Promise<Analytics> {
  const { from, to } = period(opts);
  const unit = bucketFor(opts.timeframe);
  const [series, repairs, types, clients, techs] = await Promise.all([
    statusSeries(db, { unit, from, to }),
    repairSeries(db, { unit, from, to, timing: timingModeFor(opts.timeframe) }),
    countByEquipmentType(db, { from, to }),
    countByClient(db, { from, to, limit: CLIENT_CHART_LIMIT }),
    perTechnician(db, { from, to, timing: timingModeFor(opts.timeframe) }),
  ]);
  const repairByStart = new Map(repairs.map((r) => [r.start, r]));
  return {
    timeframe: opts.timeframe,
    from,
    to,
    bucket: unit,
    series: toBuckets(series).map((b) => {
      const r = repairByStart.get(b.start);
      const completed = r?.completed ?? 0;
      return { ...b, completed, completionRate: completionRate(completed, b.total), mttrHours: roundHours(r?.mttr) };
    }),
    byEquipmentType: typeCounts(types),
    byClient: clientCounts(clients),
    workload: techs.map((t) => ({
      technicianId: t.technician_id,
      nom: t.technician_id === null ? UNASSIGNED_LABEL : (t.nom ?? UNASSIGNED_LABEL),
      assigned: t.assigned,
      completed: t.completed,
      open: t.open,
    })),
  };
}

export async function getCompletionMetrics(db: DbOrTx, opts: Opts): Promise<CompletionMetrics> {
  const p = period(opts);
  const [c, byStatus] = await Promise.all([completionCounts(db, p), countByStatus(db, p)]);
  return {
    timeframe: opts.timeframe,
    ...p,
    total: c.total,
    completed: c.completed,
    open: c.open,
    cancelled: c.cancelled,
    failed: c.failed,
    completionRate: completionRate(c.completed, c.total),
    byStatus,
    urgent: {
      total: c.urgent_total,
      completed: c.urgent_completed,
      completionRate: completionRate(c.urgent_completed, c.urgent_total),
    },
  };
}
