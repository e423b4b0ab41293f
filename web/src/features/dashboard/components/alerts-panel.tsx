import type { AlertItem, DashboardAlerts } from '@gmao/domain/dashboard/dashboard-schemas';
import { formatDate } from '@gmao/domain/format/format';
import { AlertTriangle, Clock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

function AlertRow({ item, kind }: { item: AlertItem; kind: 'urgent' | 'overdue' }) {
  const Icon = kind === 'urgent' ? AlertTriangle : Clock;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon
        className={`mt-0.5 h-5 w-5 shrink-0 ${kind === 'urgent' ? 'text-red-600' : 'text-amber-600'}`}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">{item.title}</p>
        <p className="text-sm text-slate-600">{item.description}</p>
      </div>
      <time dateTime={item.date} className="whitespace-nowrap text-xs text-slate-500">
        {formatDate(item.date)}
      </time>
    </li>
  );
}

/** 'Alertes Importantes' (spec §2): urgent and overdue interventions with a total badge; nothing when there are none. */
export function AlertsPanel({ alerts }: { alerts: DashboardAlerts | undefined }) {
  if (!alerts || alerts.counts.total === 0) return null;
  return (
    <section aria-labelledby="alerts-title" className="rounded-lg border border-red-200 bg-red-50/40 p-5 shadow-sm">
      <div className="mb-2 flex items-center gap-2">
        <AlertTriangle className="h-5 w-5 text-red-600" aria-hidden="true" />
        <h2 id="alerts-title" className="text-lg font-semibold text-slate-900">
          Alertes Importantes
        </h2>
        <Badge tone="red">
          <span data-testid="alerts-total">{alerts.counts.total}</span>
          <span className="sr-only"> alerte(s)</span>
        </Badge>
      </div>
      <ul className="divide-y divide-red-100">
        {alerts.urgent.map((a) => (
          <AlertRow key={`u${a.id}`} item={a} kind="urgent" />
        ))}
        {alerts.overdue.map((a) => (
          <AlertRow key={`o${a.id}`} item={a} kind="overdue" />
        ))}
      </ul>
    </section>
  );
}
