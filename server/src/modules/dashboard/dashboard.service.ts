import { equipmentTypeLabel } from '@gmao/domain/analytics/analytics-schemas';
import type { Visibility } from '@gmao/domain/auth/visibility';
import { readableBlocks, statsFor, statsReadable } from '@gmao/domain/dashboard/dashboard-access';
import type {
  ChartPeriod,
  DashboardAlerts,
  DashboardCharts,
  DashboardStats,
  FullDashboardStats,
  LabelCount,
  RecentIntervention,
} from '@gmao/domain/dashboard/dashboard-schemas';
import { CHART_BUCKETS } from '@gmao/domain/dashboard/dashboard-schemas';
import { completionRate, metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import {
  MY_WORK_DAY_LIMIT,
  MY_WORK_NEXT_LIMIT,
  type MyWork,
  type MyWorkItem,
  weekStartOf,
} from '@gmao/domain/dashboard/my-work-schemas';
import { complianceRate, type DashboardSla, monthBounds } from '@gmao/domain/dashboard/sla-card-schemas';
import { truncate } from '@gmao/domain/format/format';
import { casablancaToday, dayAfter } from '@gmao/domain/interventions/due-day';
import { dayStartInstant, wallClockOrNull } from '@gmao/domain/interventions/planning-clock';
import type { DbOrTx } from '../../db/database.ts';
import { type BucketUnit, countByClient, countByEquipmentType, statusSeries } from './charts.repository.ts';
import {
  type AlertRow,
  alertCounts,
  alertList,
  type MyWorkRow,
  myWorkFigures,
  overviewCounts,
  recentInterventions,
} from './dashboard.repository.ts';
import { slaCardFigures } from './sla-card.repository.ts';

export const CLIENT_CHART_LIMIT = 10;

/**
 * GET /dashboard/stats: the figures the reader may see (issue 29) — `can` is his permission check; the parts of
 * other permissions are left out (`statsFor`), and nothing is counted for a reader who may see none of them.
 */
export async function getStats(
  db: DbOrTx,
  opts: { timeframe: number; today?: string; visibility?: Visibility },
  can: (permission: string) => boolean,
): Promise<DashboardStats> {
  const blocks = readableBlocks(can);
  if (!statsReadable(blocks)) return { overview: {} };
  return statsFor(await allStats(db, opts), blocks);
}

async function allStats(
  db: DbOrTx,
  opts: { timeframe: number; today?: string; visibility?: Visibility },
): Promise<FullDashboardStats> {
  const today = opts.today ?? metricsToday();
  const c = await overviewCounts(db, {
    today,
    from: timeframeStart(today, opts.timeframe),
    visibility: opts.visibility,
  });
  return {
    overview: {
      totalInterventions: c.total,
      activeInterventions: c.active,
      totalEquipment: c.equipment,
      totalClients: c.clients,
      completionRate: completionRate(c.period_completed, c.period_total),
      completedInterventions: c.period_completed,
    },
    alerts: { urgentInterventions: c.urgent, overdueInterventions: c.overdue },
  };
}

export async function getRecent(db: DbOrTx, limit: number, v?: Visibility): Promise<RecentIntervention[]> {
  const rows = await recentInterventions(db, limit, v);
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    description: r.description,
    statut: r.statut,
    urgence: r.urgence,
    createdAt: new Date(r.created_at).toISOString(),
    equipement: {
      id: r.equipement_id,
      nom: r.equipement_nom,
      type_equipement: r.type_equipement,
      proprietaire: { id: r.client_id, nom_entreprise: r.nom_entreprise },
    },
    creerPar: r.creer_par === null ? null : { id: r.creer_par, nom: r.creer_par_nom ?? '' },
  }));
}

const alertItem = (prefix: string) => (r: AlertRow) => ({
  id: r.id,
  title: `${prefix} — ${r.equipement} (${r.client})`,
  description: truncate(r.description, 120) || 'Sans description',
  date: r.date,
});

export async function getAlerts(
  db: DbOrTx,
  opts: { today?: string; visibility?: Visibility } = {},
): Promise<DashboardAlerts> {
  const today = opts.today ?? metricsToday();
  const v = opts.visibility;
  const [counts, urgent, overdue] = await Promise.all([
    alertCounts(db, today, v),
    alertList(db, 'urgent', today, v),
    alertList(db, 'overdue', today, v),
  ]);
  return {
    urgent: urgent.map(alertItem('Intervention urgente')),
    overdue: overdue.map(alertItem('Intervention en retard')),
    counts: { urgent: counts.urgent, overdue: counts.overdue, total: counts.urgent + counts.overdue },
  };
}

/** First day of the chart range: the start of the bucket (n − 1) units before today's bucket. */
export function chartRangeStart(today: string, unit: BucketUnit, buckets: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  if (unit === 'day') d.setUTCDate(d.getUTCDate() - (buckets - 1));
  if (unit === 'week') {
    const isoDay = (d.getUTCDay() + 6) % 7; // Monday = 0, like date_trunc('week')
    d.setUTCDate(d.getUTCDate() - isoDay - 7 * (buckets - 1));
  }
  if (unit === 'month') {
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - (buckets - 1));
  }
  if (unit === 'year') d.setUTCFullYear(d.getUTCFullYear() - (buckets - 1), 0, 1);
  return d.toISOString().slice(0, 10);
}

/** Groups (start, statut, n) rows into one bucket per start with a count per status. */
export function toBuckets(rows: { start: string; statut: string | null; n: number }[]) {
  const buckets = new Map<string, { start: string; total: number; byStatus: Record<string, number> }>();
  for (const r of rows) {
    const b = buckets.get(r.start) ?? { start: r.start, total: 0, byStatus: {} };
    if (r.statut) {
      b.byStatus[r.statut] = (b.byStatus[r.statut] ?? 0) + r.n;
      b.total += r.n;
    }
    buckets.set(r.start, b);
  }
  return [...buckets.values()];
}

export const typeCounts = (rows: { key: string | null; count: number }[]): LabelCount[] =>
  rows.map((r) => ({ key: r.key ?? '', label: equipmentTypeLabel(r.key), count: r.count }));

export const clientCounts = (rows: { id: number; nom: string; count: number }[]): LabelCount[] =>
  rows.map((r) => ({ key: String(r.id), label: r.nom, count: r.count }));

/**
 * Interventions of a period per bucket and status, per equipment type and per client (the CLIENT_CHART_LIMIT
 * busiest): the dashboard's charts, and the analytics screen's (modules/analytics).
 */
export async function periodCharts(db: DbOrTx, opts: { unit: BucketUnit; from: string; to: string }) {
  const [series, types, byClient] = await Promise.all([
    statusSeries(db, opts),
    countByEquipmentType(db, opts),
    countByClient(db, { ...opts, limit: CLIENT_CHART_LIMIT }),
  ]);
  return { series: toBuckets(series), byEquipmentType: typeCounts(types), byClient: clientCounts(byClient) };
}

export async function getCharts(db: DbOrTx, opts: { period: ChartPeriod; today?: string }): Promise<DashboardCharts> {
  const to = opts.today ?? metricsToday();
  const from = chartRangeStart(to, opts.period, CHART_BUCKETS[opts.period]);
  return { period: opts.period, from, to, ...(await periodCharts(db, { unit: opts.period, from, to })) };
}

/**
 * GET /dashboard/my-work: the caller's own interventions (assigned to him). `today` fixes the day in tests; by
 * default the counts keep the metrics' day and the day groups use Casablanca's calendar (issue 30).
 */
export async function getMyWork(db: DbOrTx, userId: number, opts: { today?: string } = {}): Promise<MyWork> {
  const today = opts.today ?? metricsToday();
  const day = opts.today ?? casablancaToday();
  const weekStart = weekStartOf(today);
  const f = await myWorkFigures(db, userId, {
    today,
    day,
    weekStart,
    nextLimit: MY_WORK_NEXT_LIMIT,
    dayLimit: MY_WORK_DAY_LIMIT,
  });
  const group = (g: 'late' | 'today' | 'tomorrow') => {
    const rows = f.days.filter((r) => r.grp === g);
    return { count: rows[0]?.n ?? 0, items: rows.map(myWorkItem) };
  };
  return {
    ...f.counts,
    minutesThisWeek: f.minutes,
    weekStart,
    next: f.next.map(myWorkItem),
    today: day,
    tomorrow: dayAfter(day),
    days: { late: group('late'), today: group('today'), tomorrow: group('tomorrow') },
  };
}

function myWorkItem(r: MyWorkRow): MyWorkItem {
  return {
    id: r.id,
    date: r.date,
    plannedAt: r.planned_at ? new Date(r.planned_at).toISOString() : null,
    plannedWallClock: wallClockOrNull(r.planned_at),
    statut: r.statut,
    urgence: r.urgence,
    description: r.description,
    equipement: r.equipement,
    client: r.client,
  };
}

/**
 * GET /dashboard/sla: the card "Délais garantis" (issue 31). The month is Casablanca's (its first instant and the
 * next month's, computed by the domain's one owner of the zone); `now` fixes it in tests.
 */
export async function getSlaCard(db: DbOrTx, opts: { now?: Date } = {}): Promise<DashboardSla> {
  const day = casablancaToday(opts.now);
  const { from, to } = monthBounds(day);
  const f = await slaCardFigures(db, { from: dayStartInstant(from), to: dayStartInstant(to) });
  return {
    aRisque: f.a_risque,
    depassees: f.depassees,
    mois: day.slice(0, 7),
    gti: { respectees: f.gti_ok, depassees: f.gti_ko, taux: complianceRate(f.gti_ok, f.gti_ko) },
    gtr: { respectees: f.gtr_ok, depassees: f.gtr_ko, taux: complianceRate(f.gtr_ok, f.gtr_ko) },
  };
}
