import { countOf, formatDate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { PLANNING_LABELS as L } from '@gmao/domain/plans/planning-labels';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { interventionPath } from '../../../lib/paths';
import { type CalendarFilters, TO_PLAN_PAGE, useUnscheduledInterventions } from '../api/planning';

/**
 * « À planifier » (issue 30 item 2): the open interventions without a planned time, under the calendar's technician
 * and client filters, the nearest date first; each opens its detail, and who may plan gets its « Planifier » button
 * (the same dialog as « Replanifier »). Beside the calendar on a wide screen, under it on a phone.
 */
export function UnscheduledPanel({
  filters,
  onPlan,
}: {
  filters: CalendarFilters;
  onPlan: ((intervention: Intervention) => void) | null;
}) {
  const [limit, setLimit] = useState(TO_PLAN_PAGE);
  const query = useUnscheduledInterventions(filters, limit);
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination.total ?? 0;

  return (
    <section
      aria-labelledby="to-plan-title"
      data-testid="planning-to-plan"
      className="rounded-lg border border-slate-200 bg-white"
    >
      <header className="border-b border-slate-200 px-3 py-2">
        <h2 id="to-plan-title" className="text-sm font-semibold text-slate-900">
          {L.toPlan}
          {query.data && <span className="ml-1 font-normal text-slate-500">({total})</span>}
        </h2>
        <p className="text-xs text-slate-500">{L.toPlanDescription}</p>
      </header>
      {query.isError ? (
        <p className="px-3 py-3 text-sm text-red-700">{L.toPlanLoadError}</p>
      ) : query.isLoading ? (
        <p className="px-3 py-3 text-sm text-slate-500">{L.loading}</p>
      ) : rows.length === 0 ? (
        <p className="px-3 py-3 text-sm text-slate-500">{L.toPlanEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((i) => (
            <li key={i.id} className="flex items-center gap-2 px-3 py-2" data-testid={`to-plan-${i.id}`}>
              <Link to={interventionPath(i.id)} className="min-w-0 flex-1 text-sm hover:underline">
                <span className="block truncate font-medium text-slate-900">
                  {i.urgence && <span className="mr-1 text-red-700">●</span>}
                  {i.equipement.nom}
                </span>
                <span className="block truncate text-xs text-slate-500">
                  {i.equipement.proprietaire.nom_entreprise} · {L.toPlanDated(formatDate(i.date))}
                </span>
              </Link>
              {onPlan && (
                <button
                  type="button"
                  onClick={() => onPlan(i)}
                  aria-label={L.planOf(i.equipement.nom)}
                  className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded border border-slate-300 bg-white px-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                >
                  <CalendarClock className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{L.plan}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {rows.length < total && (
        <div className="border-t border-slate-200 px-3 py-2">
          <button
            type="button"
            onClick={() => setLimit((l) => l + TO_PLAN_PAGE)}
            disabled={query.isFetching}
            className="min-h-11 w-full rounded text-sm font-medium text-blue-700 hover:bg-blue-50 disabled:opacity-60"
          >
            {`${L.toPlanMore} (${countOf(total - rows.length, 'autre')})`}
          </button>
        </div>
      )}
    </section>
  );
}
