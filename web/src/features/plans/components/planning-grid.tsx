import { PLANNING_LABELS as L } from '@gmao/domain/plans/planning-labels';
import { format, isSameMonth } from 'date-fns';
import { fr } from 'date-fns/locale';
import type { ReactNode } from 'react';
import { type DayItems, dayKey, today, type View } from './planning-days';
import type { PlanningDrop } from './use-planning-drop';

/** Renders a day's interventions and occurrences; `compact` on the desktop grid, full size in the phone's list. */
export type RenderEvents = (items: DayItems | undefined, compact: boolean) => ReactNode;

/** Desktop and tablet: the grid, Monday first; a day takes a dragged intervention when the user may move it. */
export function PlanningGrid({
  view,
  cursor,
  days,
  byDay,
  canMove,
  drop,
  renderEvents,
}: {
  view: View;
  cursor: Date;
  days: Date[];
  byDay: Map<string, DayItems>;
  canMove: boolean;
  drop: PlanningDrop;
  renderEvents: RenderEvents;
}) {
  const todayKey = dayKey(today());
  return (
    <div className="hidden md:block" data-testid="planning-grid">
      <div className="grid grid-cols-7 border-l border-t border-slate-200 text-xs font-medium text-slate-500">
        {days.slice(0, 7).map((d) => (
          <div key={dayKey(d)} className="border-b border-r border-slate-200 bg-slate-50 px-2 py-1 capitalize">
            {format(d, 'EEEE', { locale: fr })}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7 border-l border-slate-200">
        {days.map((d) => {
          const key = dayKey(d);
          const outside = view === 'month' && !isSameMonth(d, cursor);
          return (
            <section
              key={key}
              aria-label={format(d, 'EEEE d MMMM yyyy', { locale: fr })}
              data-testid={`planning-day-${key}`}
              onDragOver={(e) => {
                if (!canMove) return;
                drop.onDragOver(e, key);
              }}
              onDragLeave={() => drop.onDragLeave(key)}
              onDrop={(e) => drop.onDrop(e, key)}
              className={`flex flex-col gap-1 border-b border-r border-slate-200 p-1 ${
                view === 'month' ? 'min-h-28' : 'min-h-64'
              } ${outside ? 'bg-slate-50 text-slate-500' : 'bg-white'} ${
                drop.dropTarget === key ? 'ring-2 ring-inset ring-blue-400' : ''
              }`}
            >
              <span
                className={`self-end rounded-full px-1.5 text-xs ${
                  key === todayKey ? 'bg-blue-600 font-semibold text-white' : ''
                }`}
              >
                {format(d, 'd')}
              </span>
              {renderEvents(byDay.get(key), true)}
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** Phone: day by day, only the days with something planned. */
export function PlanningAgenda({
  days,
  byDay,
  loading,
  renderEvents,
}: {
  days: Date[];
  byDay: Map<string, DayItems>;
  loading: boolean;
  renderEvents: RenderEvents;
}) {
  return (
    <div className="md:hidden" data-testid="planning-agenda">
      {days.filter((d) => byDay.has(dayKey(d))).length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{loading ? L.loading : L.empty}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {days
            .filter((d) => byDay.has(dayKey(d)))
            .map((d) => (
              <li key={dayKey(d)}>
                <h3 className="mb-1 text-sm font-semibold capitalize text-slate-700">
                  {format(d, 'EEEE d MMMM', { locale: fr })}
                </h3>
                <div className="flex flex-col gap-1 [&_a]:flex [&_a]:min-h-11 [&_a]:gap-1 [&_a]:items-center [&_a]:text-sm">
                  {renderEvents(byDay.get(dayKey(d)), false)}
                </div>
              </li>
            ))}
        </ol>
      )}
    </div>
  );
}
