import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { DEFAULT_PAGE_SIZE } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatDate, TRUNCATE_INTERVENTION_LIST, truncate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { isStatut, type Statut } from '@gmao/domain/interventions/status';
import { nextCycleStatut } from '@gmao/domain/interventions/workflow';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Pagination } from '../../../components/ui/pagination';
import { usePermissions } from '../../../lib/session';
import { useInterventions } from '../api/get-interventions';
import { useChangeStatus, useDeleteIntervention } from '../api/mutate-intervention';
import { ExportMenu } from './export-menu';
import { InterventionDetailModal } from './intervention-detail-modal';
import { InterventionFormModal } from './intervention-form-modal';
import { InterventionRowActions } from './intervention-row-actions';
import { toastInterventionError, toastInterventionSuccess } from './intervention-toasts';
import { type InterventionFilterValues, InterventionsFilters } from './interventions-filters';
import { StatusBadge } from './status-badge';

const columns: DataTableColumn<Intervention>[] = [
  {
    key: 'equipement',
    header: 'Équipement',
    render: (r) => (
      <div>
        <p className="font-medium text-slate-900">{r.equipement.nom}</p>
        <p className="text-xs text-slate-500">{r.equipement.proprietaire.nom_entreprise}</p>
      </div>
    ),
  },
  {
    key: 'description',
    header: 'Description',
    render: (r) => (
      <span title={r.description ?? undefined}>{truncate(r.description, TRUNCATE_INTERVENTION_LIST) || '-'}</span>
    ),
  },
  { key: 'statut', header: 'Statut', render: (r) => <StatusBadge statut={r.statut} urgence={r.urgence} /> },
  { key: 'date', header: 'Date', render: (r) => formatDate(r.date) },
  { key: 'creerPar', header: 'Créé par', render: (r) => r.creerPar?.nom ?? '-' },
];

const EMPTY_FILTERS: InterventionFilterValues = { search: '', statut: '', urgence: '' };

/**
 * Interventions list (spec §2): the dashboard tab and the /interventions page. Search, status and urgency filters,
 * paging; actions by permission: view, edit, 'Changer Statut' (cycle), delete.
 */
export function InterventionsList({ variant = 'page' }: { variant?: 'tab' | 'page' }) {
  const { can } = usePermissions();
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Intervention | undefined>();
  const [viewId, setViewId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Intervention | null>(null);

  const listFilters = {
    search: filters.search || undefined,
    statut: isStatut(filters.statut) ? filters.statut : undefined,
    urgence: filters.urgence === '' ? undefined : filters.urgence === 'true',
  };
  const query = useInterventions({ page, limit, ...listFilters });
  const cycle = useChangeStatus();
  const remove = useDeleteIntervention();

  const onCycle = async (row: Intervention) => {
    const from: Statut = isStatut(row.statut) ? row.statut : 'PLANIFIEE';
    try {
      const res = await cycle.mutateAsync({ id: row.id, statut: nextCycleStatut(from) });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.statusUpdate.success);
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      const res = await remove.mutateAsync(deleting.id);
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.interventionDelete.success);
      setDeleting(null);
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.interventionDelete.failure);
    }
  };

  const rows = query.data?.data;
  const total = query.data?.pagination.total ?? 0;
  const filtered = filters.search !== '' || filters.statut !== '' || filters.urgence !== '';

  return (
    <section aria-label="Liste des interventions" data-variant={variant}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <InterventionsFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu filters={listFilters} />
          {can(PERMISSIONS.INTERVENTIONS_CREATE) && (
            <Button
              onClick={() => {
                setEditing(undefined);
                setFormOpen(true);
              }}
            >
              <Plus className="h-4 w-4" aria-hidden="true" /> Nouvelle Intervention
            </Button>
          )}
        </div>
      </div>
      {query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center text-sm text-red-700">
          Impossible de charger les interventions.{' '}
          <button type="button" className="font-medium underline" onClick={() => query.refetch()}>
            Réessayer
          </button>
        </div>
      ) : (
        <DataTable
          caption="Interventions"
          columns={columns}
          rows={rows}
          loading={query.isPending}
          rowKey={(r) => r.id}
          onRowClick={(r) => setViewId(r.id)}
          emptyMessage={filtered ? 'Aucune intervention ne correspond aux filtres' : 'Aucune intervention trouvée'}
          actions={(r) => (
            <InterventionRowActions
              row={r}
              onView={(x) => setViewId(x.id)}
              onEdit={(x) => {
                setEditing(x);
                setFormOpen(true);
              }}
              onCycle={onCycle}
              onDelete={setDeleting}
            />
          )}
        />
      )}
      <div className="mt-4">
        <Pagination
          page={page}
          limit={limit}
          total={total}
          onPageChange={setPage}
          onLimitChange={(l) => {
            setLimit(l);
            setPage(1);
          }}
        />
      </div>

      <InterventionFormModal open={formOpen} onClose={() => setFormOpen(false)} intervention={editing} />
      <InterventionDetailModal interventionId={viewId} onClose={() => setViewId(null)} />
      <ConfirmDialog
        open={deleting !== null}
        kind="danger"
        title="Supprimer l'intervention"
        message={
          <>
            Êtes-vous sûr de vouloir supprimer : <strong>{deleting?.equipement.nom}</strong> du{' '}
            {formatDate(deleting?.date)} ? <br />
            Cette action est irréversible !
          </>
        }
        confirmLabel="Supprimer définitivement"
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
      <LoadingOverlay show={cycle.isPending} text="Mise à jour du statut..." />
    </section>
  );
}
