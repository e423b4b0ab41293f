import type { RecentIntervention } from '@gmao/domain/dashboard/dashboard-schemas';
import { formatDate, TRUNCATE_DASHBOARD, truncate } from '@gmao/domain/format/format';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge';
import { interventionPath } from '../../../lib/paths';

/** Small screens: the recent interventions as a stacked list instead of a five-column table. */
export function RecentInterventionCards({
  rows,
  loading,
  emptyMessage,
}: {
  rows: RecentIntervention[] | undefined;
  loading: boolean;
  emptyMessage: string;
}) {
  const box = 'rounded-lg border border-slate-200 bg-white shadow-sm sm:hidden';
  if (loading) {
    return (
      <div className={`${box} space-y-3 p-4`} data-skeleton="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-12 animate-pulse rounded bg-slate-200" />
        ))}
      </div>
    );
  }
  if (!rows?.length) return <p className={`${box} p-6 text-center text-sm text-slate-500`}>{emptyMessage}</p>;
  return (
    <ul className={`${box} divide-y divide-slate-100`} aria-label="Interventions récentes">
      {rows.map((r) => (
        <li key={r.id} className="space-y-1.5 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link
                to={interventionPath(r.id)}
                className="inline-flex min-h-11 items-center font-medium text-blue-800 hover:underline sm:min-h-0"
              >
                {r.equipement.nom}
              </Link>
              <p className="text-xs text-slate-500">{r.equipement.proprietaire.nom_entreprise}</p>
            </div>
            <span className="shrink-0 text-xs text-slate-500">{formatDate(r.date)}</span>
          </div>
          <p className="text-sm text-slate-700">{truncate(r.description, TRUNCATE_DASHBOARD)}</p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StatusBadge statut={r.statut} urgence={r.urgence} />
            <span className="text-xs text-slate-500">Créé par {r.creerPar?.nom ?? '-'}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
