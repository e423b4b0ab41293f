import { completionRate, metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import { type Performance, roundHours } from '@gmao/domain/dashboard/performance-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { type TimingMode, timingModeFor } from '../../db/metrics-sql.ts';
import { backlog, periodPerformance, perTechnician } from './performance.repository.ts';

export const UNASSIGNED_LABEL = 'Non assigné';

/**
 * Per technician (null = not assigned): assigned and completed in the period, open now, completion rate and MTTR —
 * the performance screen's table and the analytics workload chart.
 */
export async function technicianFigures(db: DbOrTx, p: { from: string; to: string; timing: TimingMode }) {
  const rows = await perTechnician(db, p);
  return rows.map((t) => ({
    technicianId: t.technician_id,
    nom: t.technician_id === null ? UNASSIGNED_LABEL : (t.nom ?? UNASSIGNED_LABEL),
    assigned: t.assigned,
    completed: t.completed,
    open: t.open,
    completionRate: completionRate(t.completed, t.assigned),
    mttrHours: roundHours(t.mttr),
  }));
}

/** Completion, mean time to start, MTTR, first-time fix, backlog age and per-technician figures of a timeframe. */
export async function getPerformance(db: DbOrTx, opts: { timeframe: number; today?: string }): Promise<Performance> {
  const to = opts.today ?? metricsToday();
  const from = timeframeStart(to, opts.timeframe);
  const timing = timingModeFor(opts.timeframe);
  const [p, b, techs] = await Promise.all([
    periodPerformance(db, { from, to, timing }),
    backlog(db, to),
    technicianFigures(db, { from, to, timing }),
  ]);
  return {
    timeframe: opts.timeframe,
    from,
    to,
    total: p.total,
    completed: p.completed,
    completionRate: completionRate(p.completed, p.total),
    meanTimeToStartHours: roundHours(p.mtts),
    mttrHours: roundHours(p.mttr),
    firstTimeFixRate: completionRate(p.first_time_fix, p.completed),
    backlog: {
      count: b.count,
      averageAgeDays: b.avg_age === null ? null : Math.round(Number(b.avg_age) * 10) / 10,
      oldestAgeDays: b.max_age,
    },
    technicians: techs,
  };
}
