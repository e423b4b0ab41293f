import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { RecentIntervention } from '@gmao/domain/dashboard/dashboard-schemas';
import { formatDate, TRUNCATE_DASHBOARD, truncate } from '@gmao/domain/format/format';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { interventionPath } from '../../../lib/paths';
import { usePermissions } from '../../../lib/session';
import { useRecentInterventions } from '../api/get-recent-interventions';
import { RecentInterventionCards } from './recent-intervention-cards';

const columns: DataTableColumn<RecentIntervention>[] = [
  {
    key: 'equipement',
    header: 'Équipement',
    render: (r) => (
      <div>
        <Link to={interventionPath(r.id)} className="font-medium text-blue-800 hover:underline">
          {r.equipement.nom}
        </Link>
        <div className="text-xs text-slate-500">{r.equipement.proprietaire.nom_entreprise}</div>
      </div>
    ),
  },
  {
    key: 'description',
    header: 'Description',
    render: (r) => <span title={r.description ?? undefined}>{truncate(r.description, TRUNCATE_DASHBOARD)}</span>,
  },
  { key: 'statut', header: 'Statut', render: (r) => <StatusBadge statut={r.statut} urgence={r.urgence} /> },
  { key: 'date', header: 'Date', className: 'whitespace-nowrap', render: (r) => formatDate(r.date) },
  { key: 'creerPar', header: 'Créé par', className: 'whitespace-nowrap', render: (r) => r.creerPar?.nom ?? '-' },
];

/** 'Interventions Récentes' (spec §2) with 'Voir tout' and, when wired and permitted, 'Nouvelle Intervention'. */
export function RecentInterventions({
  onShowAll,
  onNewIntervention,
}: {
  onShowAll?: () => void;
  onNewIntervention?: () => void;
}) {
  const { can } = usePermissions();
  const recent = useRecentInterventions();
  const emptyMessage = recent.isError ? 'Impossible de charger les interventions récentes' : 'Aucune intervention';
  return (
    <section aria-labelledby="recent-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-title" className="text-lg font-semibold text-slate-900">
          Interventions Récentes
        </h2>
        <div className="flex items-center gap-2">
          {onShowAll && can(PERMISSIONS.INTERVENTIONS_READ) && (
            <Button variant="ghost" size="sm" onClick={onShowAll}>
              Voir tout
            </Button>
          )}
          {onNewIntervention && can(PERMISSIONS.INTERVENTIONS_CREATE) && (
            <Button size="sm" onClick={onNewIntervention}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Nouvelle Intervention
            </Button>
          )}
        </div>
      </div>
      <div className="hidden sm:block">
        <DataTable
          caption="Interventions récentes"
          columns={columns}
          rows={recent.data?.data}
          loading={recent.isPending}
          rowKey={(r) => r.id}
          emptyMessage={emptyMessage}
        />
      </div>
      <RecentInterventionCards rows={recent.data?.data} loading={recent.isPending} emptyMessage={emptyMessage} />
    </section>
  );
}
