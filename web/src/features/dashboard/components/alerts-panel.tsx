import type { AlertItem, DashboardAlerts } from '@gmao/domain/dashboard/dashboard-schemas';
import { OVERDUE_DAYS } from '@gmao/domain/dashboard/metrics';
import { formatDate } from '@gmao/domain/format/format';
import { AlertTriangle, Clock, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { interventionPath, paths } from '../../../lib/paths';

function AlertList({
  title,
  items,
  count,
  icon: Icon,
  iconClass,
  showAllHref,
}: {
  title: string;
  items: AlertItem[];
  count: number;
  icon: LucideIcon;
  iconClass: string;
  /** The list filtered on what this panel shows (urgent or overdue), when the user may read it. */
  showAllHref?: string;
}) {
  if (count === 0) return null;
  const more = count - items.length;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">
        {title} ({count})
      </h3>
      <ul className="divide-y divide-red-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 py-2.5">
            <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${iconClass}`} aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <Link
                to={interventionPath(item.id)}
                className="inline-flex min-h-11 items-center text-sm font-medium text-blue-800 hover:underline sm:min-h-0"
              >
                {item.title}
              </Link>
              <p className="text-xs text-slate-700 sm:hidden">{formatDate(item.date)}</p>
              <p className="text-sm text-slate-600">{item.description}</p>
            </div>
            {/* Phones: the date goes under the text instead of narrowing it. */}
            <time dateTime={item.date} className="hidden whitespace-nowrap text-xs text-slate-700 sm:block">
              {formatDate(item.date)}
            </time>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="pt-1 text-xs text-slate-600">
          … et {more} autre(s)
          {showAllHref && (
            <>
              {' · '}
              <Link to={showAllHref} className="font-medium text-blue-700 hover:underline">
                Voir les interventions
              </Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** 'Alertes Importantes' (spec §2): urgent and overdue interventions with a total badge; nothing when there are none. */
export function AlertsPanel({
  alerts,
  onShowAll,
}: {
  alerts: DashboardAlerts | undefined;
  /** Opens the interventions list (when the user may read it). */
  onShowAll?: () => void;
}) {
  if (!alerts || alerts.counts.total === 0) return null;
  return (
    <section aria-labelledby="alerts-title" className="rounded-lg border border-red-200 bg-red-50/40 p-5 shadow-sm">
      <div className="mb-3 flex items-center gap-2">
        <AlertTriangle className="h-5 w-5 text-red-600" aria-hidden="true" />
        <h2 id="alerts-title" className="text-lg font-semibold text-slate-900">
          Alertes Importantes
        </h2>
        <Badge tone="red">
          <span data-testid="alerts-total">{alerts.counts.total}</span>
          <span className="sr-only"> alerte(s)</span>
        </Badge>
      </div>
      <div className={`grid gap-6 ${alerts.counts.urgent > 0 && alerts.counts.overdue > 0 ? 'lg:grid-cols-2' : ''}`}>
        <AlertList
          title="Urgentes"
          items={alerts.urgent}
          count={alerts.counts.urgent}
          icon={AlertTriangle}
          iconClass="text-red-600"
          showAllHref={onShowAll && `${paths.interventions}?urgence=true`}
        />
        <AlertList
          title={`En retard (plus de ${OVERDUE_DAYS} jours)`}
          items={alerts.overdue}
          count={alerts.counts.overdue}
          icon={Clock}
          iconClass="text-amber-600"
          showAllHref={onShowAll && `${paths.interventions}?overdue=true`}
        />
      </div>
    </section>
  );
}
