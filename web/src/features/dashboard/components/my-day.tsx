import {
  MY_WORK_MESSAGES as M,
  type MyWork,
  type MyWorkDayGroup,
  type MyWorkItem,
} from '@gmao/domain/dashboard/my-work-schemas';
import { formatDate, formatNumber, TRUNCATE_DASHBOARD, truncate } from '@gmao/domain/format/format';
import { Link } from 'react-router';
import { QueuedStatusBadge } from '../../../components/ui/queued-status-badge';
import { interventionPath, interventionsListPath } from '../../../lib/paths';

const GROUPS: { key: MyWorkDayGroup; title: string; empty: string; tone: string }[] = [
  { key: 'today', title: M.today, empty: M.todayEmpty, tone: 'bg-blue-100 text-blue-800' },
  { key: 'tomorrow', title: M.tomorrow, empty: M.tomorrowEmpty, tone: 'bg-slate-100 text-slate-800' },
  { key: 'late', title: M.late, empty: M.lateEmpty, tone: 'bg-orange-100 text-orange-800' },
];

/** The list filtered on a group: his open interventions due that day, or before today (Casablanca days, the server's). */
export function dayGroupListPath(w: Pick<MyWork, 'today' | 'tomorrow'>, group: MyWorkDayGroup): string {
  const base = { mine: 'true', open: 'true' };
  if (group === 'late') return interventionsListPath({ ...base, due_before: w.today });
  return interventionsListPath({ ...base, due_on: group === 'today' ? w.today : w.tomorrow });
}

/** When an item is due: its planned time on the wall clock the server sent, else its date (a late one: its date). */
function when(i: MyWorkItem, group: MyWorkDayGroup): string {
  if (i.plannedWallClock) return group === 'late' ? formatDate(i.plannedWallClock.date) : `${i.plannedWallClock.time}`;
  return group === 'late' ? formatDate(i.date) : M.allDay;
}

/**
 * Issue 30: the technician's day at the top of "Mon travail" — "Aujourd'hui", "Demain", "En retard" (his open
 * interventions by Casablanca day: the planned time's day, else the date; decided by the server), each with its
 * count, its first items (MY_WORK_DAY_LIMIT) and a link to the list filtered the same way.
 */
export function MyDay({ work, loading }: { work: MyWork | undefined; loading: boolean }) {
  return (
    <div className="grid gap-3 sm:gap-4 lg:grid-cols-3">
      {GROUPS.map((g) => {
        const day = work?.days[g.key];
        const count = day ? formatNumber(day.count) : '—';
        return (
          <section
            key={g.key}
            aria-label={g.title}
            className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            {/* the header is the same box loading or loaded (a link once the days are known) */}
            {work ? (
              <Link
                to={dayGroupListPath(work, g.key)}
                aria-label={M.openList(g.title, count)}
                className="flex min-h-11 items-center justify-between gap-2 border-b border-slate-100 p-4 hover:bg-slate-50"
              >
                <h2 className="text-lg font-semibold text-slate-900">{g.title}</h2>
                <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${g.tone}`} data-testid="day-count">
                  {count}
                </span>
              </Link>
            ) : (
              <div className="flex min-h-11 items-center justify-between gap-2 border-b border-slate-100 p-4">
                <h2 className="text-lg font-semibold text-slate-900">{g.title}</h2>
                <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${g.tone}`}>{count}</span>
              </div>
            )}
            {/* A fixed height (MY_WORK_DAY_LIMIT rows), loading, empty or full: what follows never moves when the
                data arrives (the layout sweep's CLS budget); the rest is one tap away, in the filtered list. */}
            <div className="h-[13.5rem] overflow-hidden">
              {loading ? (
                <ul className="space-y-2 p-3" aria-busy="true">
                  {['a', 'b'].map((k) => (
                    <li key={k} className="h-14 animate-pulse rounded bg-slate-100" />
                  ))}
                </ul>
              ) : !day?.items.length ? (
                <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-500">
                  {g.empty}
                </p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {day.items.map((i) => (
                    <li key={i.id}>
                      <Link
                        to={interventionPath(i.id)}
                        className="flex h-[4.5rem] flex-col justify-center gap-1 px-3 hover:bg-slate-50"
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="min-w-0 truncate font-medium text-slate-900">
                            #{i.id} — {i.equipement}
                          </span>
                          <span className="shrink-0 text-sm text-slate-600">{when(i, g.key)}</span>
                        </span>
                        <span className="flex items-center justify-between gap-2 text-sm text-slate-600">
                          <span className="min-w-0 truncate">
                            {i.client}
                            {i.description ? ` · ${truncate(i.description, TRUNCATE_DASHBOARD)}` : ''}
                          </span>
                          <span className="inline-flex shrink-0 items-center">
                            <QueuedStatusBadge id={i.id} statut={i.statut} urgence={i.urgence} />
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}
