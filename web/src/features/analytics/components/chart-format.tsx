import type { Analytics, AnalyticsBucket } from '@gmao/domain/analytics/analytics-schemas';
import { STATUT_LABELS, STATUTS, type Statut } from '@gmao/domain/interventions/status';
import type { LegendPayload } from 'recharts';

export const STATUT_COLORS: Record<Statut, string> = {
  PLANIFIEE: '#2563eb',
  EN_ATTENTE_PDR: '#ea580c',
  EN_COURS: '#ca8a04',
  EN_PAUSE: '#9333ea',
  TERMINEE: '#16a34a',
  ANNULEE: '#64748b',
  ECHEC: '#dc2626',
};

export const STATUS_SERIES = STATUTS.map((s) => ({ key: s, label: STATUT_LABELS[s], color: STATUT_COLORS[s] }));

// One formatter each (issue 30 item 10): `toLocaleDateString` builds one per call, 78 ms of a phone's load of the page.
const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

/** Short label of a bucket's first day: 05/03, 'sem. 05/03', 'mars 2026'. */
export function bucketLabel(start: string, bucket: AnalyticsBucket): string {
  const d = new Date(`${start}T00:00:00Z`);
  if (bucket === 'month') return MONTH.format(d);
  const day = DAY.format(d);
  return bucket === 'week' ? `sem. ${day}` : day;
}

/**
 * Every how many labels the time axis shows one (Recharts' `interval`): at most `max` labels. A number, not Recharts'
 * default 'preserveEnd', which measures every label in the DOM to choose (a forced layout each: most of a phone's
 * time on the page, issue 30 item 10).
 */
export function tickInterval(count: number, max = 8): number {
  return Math.max(0, Math.ceil(count / max) - 1);
}

export interface RatePoint {
  label: string;
  total: number;
  completed: number;
  /** null where nothing was planned (a rate of 0 % there would be misleading). */
  rate: number | null;
}

/** Daily buckets over more than two weeks are grouped by 7 days: a daily rate swings between 0 and 100 %. */
export function completionPoints(data: Analytics): RatePoint[] {
  const weekly = data.bucket === 'day' && data.series.length > 14;
  const groups = weekly
    ? Array.from({ length: Math.ceil(data.series.length / 7) }, (_, i) => data.series.slice(i * 7, i * 7 + 7))
    : data.series.map((p) => [p]);
  return groups.flatMap((g) => {
    const [first] = g;
    if (!first) return [];
    const total = g.reduce((s, p) => s + p.total, 0);
    const completed = g.reduce((s, p) => s + p.completed, 0);
    return [
      {
        label: bucketLabel(first.start, weekly ? 'week' : data.bucket),
        total,
        completed,
        rate: total > 0 ? Math.round((completed / total) * 1000) / 10 : null,
      },
    ];
  });
}

/**
 * Legend entries in the text colour (Recharts colours them like their series, hard to read in orange/yellow), in
 * the given order of data keys (Recharts sorts them alphabetically by default).
 */
export function legendProps(order: readonly string[]) {
  return {
    wrapperStyle: { fontSize: 12, paddingTop: 4 },
    itemSorter: (item: LegendPayload) => order.indexOf(String(item.dataKey)),
    formatter: (value: string) => <span className="text-slate-700">{value}</span>,
  };
}

/**
 * Tooltip entries in the text colour too (slate-700, as the legend): Recharts writes each in its series' colour, and
 * yellow or orange on white is under the 4.5:1 contrast a text needs (axe found it on the status chart's tooltip).
 * The entry's name says which series it is.
 */
export const tooltipProps = { itemStyle: { color: '#334155' } } as const;
