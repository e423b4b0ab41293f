import { MY_WORK_MESSAGES as M } from '@gmao/domain/dashboard/my-work-schemas';
import { formatDate, formatNumber, TRUNCATE_DASHBOARD, truncate } from '@gmao/domain/format/format';
import { formatWallClock } from '@gmao/domain/interventions/schedule-schemas';
import { AlertTriangle, ClipboardList, Clock, type LucideIcon, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { interventionPath, interventionsListPath, paths } from '../../../lib/paths';
import { useMyWork } from '../api/get-my-work';
import { MyDay } from './my-day';
import { StatCard } from './stat-card';

/** Issue 30: a counter is a link to the list filtered on what it counts (his own, open, urgent, overdue). */
function CounterLink({
  title,
  value,
  icon,
  tone,
  loading,
  filters,
}: {
  title: string;
  value: string;
  icon: LucideIcon;
  tone?: 'red' | 'orange';
  loading: boolean;
  filters: Record<string, string>;
}) {
  return (
    <Link
      to={interventionsListPath({ mine: 'true', ...filters })}
      aria-label={M.openList(title, value)}
      className="block min-w-0 rounded-lg outline-offset-2 transition hover:ring-2 hover:ring-blue-300 focus-visible:ring-2 focus-visible:ring-blue-500"
    >
      <StatCard title={title} value={value} icon={icon} tone={tone} loading={loading} />
    </Link>
  );
}

const hours = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;

/**
 * "Mon travail" (issue 14): the user's day (issue 30: today, tomorrow, late), his own open, urgent and overdue
 * interventions — each counter a link to the list filtered the same way —, his next ones, his week.
 */
export function MyWork() {
  const query = useMyWork();
  const w = query.data;
  const loading = query.isPending;
  const n = (v: number | undefined) => (v === undefined ? '—' : formatNumber(v));
  return (
    <div className="space-y-6">
      {query.isError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          Impossible de charger votre travail.{' '}
          <button type="button" className="font-medium underline" onClick={() => query.refetch()}>
            Réessayer
          </button>
        </div>
      )}
      <MyDay work={w} loading={loading} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <CounterLink
          title={M.open}
          value={n(w?.open)}
          icon={ClipboardList}
          loading={loading}
          filters={{ open: 'true' }}
        />
        <CounterLink
          title={M.urgent}
          value={n(w?.urgent)}
          icon={AlertTriangle}
          tone="red"
          loading={loading}
          filters={{ open: 'true', urgence: 'true' }}
        />
        <CounterLink
          title={M.overdue}
          value={n(w?.overdue)}
          icon={Clock}
          tone="orange"
          loading={loading}
          filters={{ overdue: 'true' }}
        />
        <StatCard
          title={M.time}
          value={w ? hours(w.minutesThisWeek) : '—'}
          icon={Timer}
          tone="green"
          loading={loading}
        />
      </div>
      <section aria-labelledby="my-next" className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 p-4">
          <h2 id="my-next" className="text-lg font-semibold text-slate-900">
            {M.next}
          </h2>
          <Link
            to={paths.interventions}
            className="inline-flex min-h-11 items-center text-sm font-medium text-blue-700 hover:underline sm:min-h-0"
          >
            Voir toutes mes interventions
          </Link>
        </div>
        {loading ? (
          <ul className="space-y-3 p-4" aria-busy="true">
            {['a', 'b', 'c'].map((k) => (
              <li key={k} className="h-14 animate-pulse rounded bg-slate-100" />
            ))}
          </ul>
        ) : !w?.next?.length ? (
          <p className="p-6 text-center text-sm text-slate-500">{M.nextEmpty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {w.next.map((i) => (
              <li key={i.id}>
                <Link
                  to={interventionPath(i.id)}
                  className="flex min-h-11 flex-col gap-1 p-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">
                      #{i.id} — {i.equipement}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {i.client}
                      {i.description ? ` · ${truncate(i.description, TRUNCATE_DASHBOARD)}` : ''}
                    </span>
                  </span>
                  <span className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
                    <StatusBadge statut={i.statut} urgence={i.urgence} />
                    {i.plannedWallClock ? formatWallClock(i.plannedWallClock) : formatDate(i.date)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
