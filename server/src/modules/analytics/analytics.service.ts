import { type Analytics, bucketFor, type CompletionMetrics } from '@gmao/domain/analytics/analytics-schemas';
import { completionRate, metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import { roundHours } from '@gmao/domain/dashboard/performance-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { timingModeFor } from '../../db/metrics-sql.ts';
import { periodCharts } from '../dashboard/dashboard.service.ts';
import { technicianFigures } from '../dashboard/performance.service.ts';
import { completionCounts, countByStatus, preventiveCount, repairSeries, repairSplit } from './analytics.repository.ts';

type Opts = { timeframe: number; today?: string };

function period(opts: Opts) {
  const to = opts.today ?? metricsToday();
  return { from: timeframeStart(to, opts.timeframe), to };
}

/** Everything the /analytics screen draws, for one timeframe. */
export async function getAnalytics(db: DbOrTx, opts: Opts): Promise<Analytics> {
  const { from, to } = period(opts);
  const unit = bucketFor(opts.timeframe);
  const timing = timingModeFor(opts.timeframe);
  const [charts, repairs, techs, preventive, split] = await Promise.all([
    periodCharts(db, { unit, from, to }),
    repairSeries(db, { unit, from, to, timing }),
    technicianFigures(db, { from, to, timing }),
    preventiveCount(db, { from, to }),
    repairSplit(db, { from, to }),
  ]);
  const total = charts.series.reduce((n, b) => n + b.total, 0);
  const repairByStart = new Map(repairs.map((r) => [r.start, r]));
  return {
    timeframe: opts.timeframe,
    from,
    to,
    bucket: unit,
    series: charts.series.map((b) => {
      const r = repairByStart.get(b.start);
      const completed = r?.completed ?? 0;
      return {
        ...b,
        completed,
        completionRate: completionRate(completed, b.total),
        mttrHours: roundHours(r?.mttr),
        repairHours: roundHours(r?.repair),
        waitingHours: roundHours(r?.waiting),
      };
    }),
    byEquipmentType: charts.byEquipmentType,
    byClient: charts.byClient,
    workload: techs.map((t) => ({
      technicianId: t.technicianId,
      nom: t.nom,
      assigned: t.assigned,
      completed: t.completed,
      open: t.open,
    })),
    maintenanceMix: { preventive, corrective: Math.max(0, total - preventive) },
    repairSplit: {
      completed: split.completed,
      mttrHours: roundHours(split.mttr),
      repairHours: roundHours(split.repair),
      waitingHours: roundHours(split.waiting),
    },
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
