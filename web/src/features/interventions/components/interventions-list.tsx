import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { DEFAULT_PAGE_SIZE } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatDate, TRUNCATE_INTERVENTION_LIST, truncate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { Scope } from '@gmao/domain/interventions/lifecycle-schemas';
import { isStatut, type Statut } from '@gmao/domain/interventions/status';
import { nextCycleStatut } from '@gmao/domain/interventions/workflow';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Pagination } from '../../../components/ui/pagination';
import { usePermissions } from '../../../lib/session';
import { useInterventions } from '../api/get-interventions';
import { useChangeStatus } from '../api/mutate-intervention';
import { BulkBar } from './bulk-bar';
import { InterventionDetailModal } from './intervention-detail-modal';
import { InterventionFormModal } from './intervention-form-modal';
import { InterventionRowActions } from './intervention-row-actions';
import { toastInterventionError, toastInterventionSuccess } from './intervention-toasts';
import type { InterventionFilterValues } from './interventions-filters';
import { InterventionsToolbar } from './interventions-toolbar';
import { ReviewBadge } from './review-badge';
import { selectionColumn, useRowSelection } from './row-selection';
import { StatusBadge } from './status-badge';
import { useInterventionLifecycle } from './use-intervention-lifecycle';

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
  {
    key: 'statut',
    header: 'Statut',
    render: (r) => (
      <span className="inline-flex flex-wrap items-center gap-1">
        <StatusBadge statut={r.statut} urgence={r.urgence} />
        <ReviewBadge status={r.reviewStatus} />
      </span>
    ),
  },
  { key: 'date', header: 'Date', render: (r) => formatDate(r.date) },
  { key: 'creerPar', header: 'Créé par', render: (r) => r.creerPar?.nom ?? '-' },
];

const EMPTY_FILTERS: InterventionFilterValues = { search: '', statut: '', urgence: '', review: '' };
const EMPTY_SCOPE: Record<Exclude<Scope, 'active'>, string> = {
  archived: 'Aucune intervention archivée',
  deleted: 'La corbeille est vide',
};

/**
 * Interventions list (spec §2): the dashboard tab and the /interventions page. Scope (active, archived, trash),
 * search, status and urgency filters, export, paging; actions by permission and scope.
 */
export function InterventionsList({ variant = 'page' }: { variant?: 'tab' | 'page' }) {
  const { can } = usePermissions();
  const selection = useRowSelection();
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  const [scope, setScope] = useState<Scope>('active');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Intervention | undefined>();
  const [viewId, setViewId] = useState<number | null>(null);

  const listFilters = {
    search: filters.search || undefined,
    statut: isStatut(filters.statut) ? filters.statut : undefined,
    urgence: filters.urgence === '' ? undefined : filters.urgence === 'true',
    review: filters.review || undefined,
    scope: scope === 'active' ? undefined : scope,
  };
  const query = useInterventions({ page, limit, ...listFilters });
  const cycle = useChangeStatus();
  const lifecycle = useInterventionLifecycle();

  const onCycle = async (row: Intervention) => {
    const from: Statut = isStatut(row.statut) ? row.statut : 'PLANIFIEE';
    try {
      const res = await cycle.mutateAsync({ id: row.id, statut: nextCycleStatut(from) });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.statusUpdate.success);
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
    }
  };

  const rows = query.data?.data;
  // Bulk status / assignment apply to active records, for users who may update them.
  const selectable = scope === 'active' && can(PERMISSIONS.INTERVENTIONS_UPDATE);
  const tableColumns = selectable ? [selectionColumn(selection, rows?.map((r) => r.id) ?? []), ...columns] : columns;
  const total = query.data?.pagination.total ?? 0;
  const filtered = filters.search !== '' || filters.statut !== '' || filters.urgence !== '' || filters.review !== '';
  const empty = filtered
    ? 'Aucune intervention ne correspond aux filtres'
    : scope === 'active'
      ? 'Aucune intervention trouvée'
      : EMPTY_SCOPE[scope];

  return (
    <section aria-label="Liste des interventions" data-variant={variant}>
      <InterventionsToolbar
        filters={filters}
        onFiltersChange={(next) => {
          setFilters(next);
          setPage(1);
          selection.clear();
        }}
        scope={scope}
        onScopeChange={(next) => {
          setScope(next);
          setPage(1);
          selection.clear();
        }}
        exportQuery={listFilters}
        onCreate={() => {
          setEditing(undefined);
          setFormOpen(true);
        }}
      />
      {selectable && selection.selected.size > 0 && <BulkBar ids={[...selection.selected]} onClear={selection.clear} />}
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
          columns={tableColumns}
          rows={rows}
          loading={query.isPending}
          rowKey={(r) => r.id}
          onRowClick={scope === 'active' ? (r) => setViewId(r.id) : undefined}
          emptyMessage={empty}
          actions={(r) => (
            <InterventionRowActions
              row={r}
              scope={scope}
              onView={(x) => setViewId(x.id)}
              onEdit={(x) => {
                setEditing(x);
                setFormOpen(true);
              }}
              onCycle={onCycle}
              onDelete={lifecycle.requestTrash}
              onArchive={(x) => lifecycle.run(x, 'archive')}
              onUnarchive={(x) => lifecycle.run(x, 'unarchive')}
              onRestore={(x) => lifecycle.run(x, 'restore')}
              onForceDelete={lifecycle.requestPurge}
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
      {lifecycle.dialogs}
      <LoadingOverlay
        show={cycle.isPending || lifecycle.busy}
        text={cycle.isPending ? 'Mise à jour du statut...' : 'Mise à jour...'}
      />
    </section>
  );
}
