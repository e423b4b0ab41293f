import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { DEFAULT_PAGE_SIZE } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatDate, TRUNCATE_INTERVENTION_LIST, truncate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { Scope } from '@gmao/domain/interventions/lifecycle-schemas';
import { listCursor } from '@gmao/domain/interventions/list-cursor';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import { formatDureePrevue, formatPlannedAt, SCHEDULE_LABELS } from '@gmao/domain/interventions/schedule-schemas';
import { nextCycleStatut } from '@gmao/domain/interventions/workflow';
import { useEffect, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { LoadingOverlay } from '../../../../components/ui/loading-overlay';
import { Pagination } from '../../../../components/ui/pagination';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { usePermissions } from '../../../../lib/session';
import { useInterventions } from '../../api/get-interventions';
import { useChangeStatus, useUndoStatusChange } from '../../api/mutate-intervention';
import { customFieldListQuery, NO_CUSTOM_FIELD_FILTER } from '../custom-fields/custom-field-filter';
import { InterventionDetailModal } from '../detail/intervention-detail-modal';
import { InterventionFormModal, type InterventionFormModalProps } from '../form/intervention-form-modal';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { ReviewBadge } from '../review/review-badge';
import { toastWithUndo } from '../undo-toast';
import { useInterventionAccess } from '../use-intervention-access';
import { BulkBar } from './bulk-bar';
import { FilterChips } from './filter-chips';
import { InterventionRowActions } from './intervention-row-actions';
import { type InterventionFilterValues, MINE } from './interventions-filters';
import { InterventionsToolbar } from './interventions-toolbar';
import { selectionColumn, useRowSelection } from './row-selection';
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
  {
    key: 'plannedAt',
    header: SCHEDULE_LABELS.column,
    render: (r) =>
      r.plannedAt ? (
        <div>
          <p>{formatPlannedAt(r.plannedAt)}</p>
          {r.dureePrevue ? <p className="text-xs text-slate-500">{formatDureePrevue(r.dureePrevue)}</p> : null}
        </div>
      ) : (
        '-'
      ),
  },
  { key: 'technician', header: 'Technicien', render: (r) => r.technician?.nom ?? 'Non assigné' },
  { key: 'creerPar', header: 'Créé par', render: (r) => r.creerPar?.nom ?? '-' },
];

const EMPTY_FILTERS: InterventionFilterValues = {
  search: '',
  statut: '',
  urgence: '',
  review: '',
  technician: '',
  overdue: false,
  ...NO_CUSTOM_FIELD_FILTER,
};
const EMPTY_SCOPE: Record<Exclude<Scope, 'active'>, string> = {
  archived: 'Aucune intervention archivée',
  deleted: 'La corbeille est vide',
};

/**
 * Interventions list (spec §2): the dashboard tab and the /interventions page. Scope (active, archived, trash),
 * search, status and urgency filters, export, paging; actions by permission and scope. `initialDetailId` opens one
 * detail (an intervention just created from a template).
 */
export function InterventionsList({
  variant = 'page',
  initialDetailId = null,
  onDetailClose,
  onFromTemplate,
  initialFilters,
}: {
  /** Filters the list opens with (the URL's `?overdue=true`, `?urgence=true`; "Mes interventions" by default). */
  initialFilters?: Partial<InterventionFilterValues>;
  variant?: 'tab' | 'page';
  /** Opens that intervention's detail (`/interventions?id=`), also when it changes while the list is shown. */
  initialDetailId?: number | null;
  onDetailClose?: () => void;
  /** 'Partir d'un modèle' in the creation form (composed by the app layer). */
  onFromTemplate?: InterventionFormModalProps['onFromTemplate'];
}) {
  const { can } = usePermissions();
  const access = useInterventionAccess();
  const selection = useRowSelection();
  // Who works on interventions without dispatching them (interventions:update without interventions:assign: a
  // technician) opens on his own: a visible, removable chip. Read-only users and dispatchers see everything.
  const [filters, setFilters] = useState<InterventionFilterValues>(() => ({
    ...EMPTY_FILTERS,
    technician: can(PERMISSIONS.INTERVENTIONS_UPDATE) && !can(PERMISSIONS.INTERVENTIONS_ASSIGN) ? MINE : '',
    ...initialFilters,
  }));
  const [scope, setScope] = useState<Scope>('active');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Intervention | undefined>();
  const [viewId, setViewId] = useState<number | null>(initialDetailId);
  useEffect(() => {
    if (initialDetailId !== null) setViewId(initialDetailId);
  }, [initialDetailId]);

  const listFilters = {
    search: filters.search || undefined,
    statut: filters.statut || undefined,
    urgence: filters.urgence === '' ? undefined : filters.urgence === 'true',
    review: filters.review || undefined,
    technician_id:
      filters.technician === MINE
        ? (access.userId ?? undefined)
        : filters.technician
          ? Number(filters.technician)
          : undefined,
    overdue: filters.overdue || undefined,
    scope: scope === 'active' ? undefined : scope,
    ...customFieldListQuery(filters),
  };
  // Moving to the next page sends the cursor of this page's last row: the server reads on from there instead of
  // walking past every earlier row (issue 16), and nothing shifts if interventions were added meanwhile. It applies
  // only to the page, size and filters it was taken for.
  const [cursor, setCursor] = useState<{ key: string; after: string }>();
  const cursorKey = JSON.stringify([page, limit, listFilters]);
  const query = useInterventions({
    page,
    limit,
    ...listFilters,
    ...(cursor?.key === cursorKey ? { after: cursor.after } : {}),
  });
  const cycle = useChangeStatus();
  const undo = useUndoStatusChange();
  const lifecycle = useInterventionLifecycle();

  const onCycle = async (row: Intervention) => {
    try {
      const res = await cycle.mutateAsync({ id: row.id, statut: nextCycleStatut(row.statut) });
      toastWithUndo(res.message || MUTATION_MESSAGES.statusUpdate.success, async () => {
        try {
          const back = await undo.mutateAsync(row.id);
          toastInterventionSuccess(back.message, MUTATION_MESSAGES.statusUpdate.success);
        } catch (err) {
          toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
        }
      });
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
    }
  };

  const rows = query.data?.data;
  // Bulk status / assignment / edit / trash apply to active records, for users who may update them: a row is
  // selectable when its status may be changed by the user (domain policy), the bulk assignment is for holders of
  // interventions:assign, the move to the Corbeille for holders of interventions:delete.
  const selectable = scope === 'active' && can(PERMISSIONS.INTERVENTIONS_UPDATE);
  const mayChange = (r: Intervention) => access.can('changeStatus', interventionFacts(r));
  const pageIds = rows?.filter(mayChange).map((r) => r.id) ?? [];
  const tableColumns = selectable ? [selectionColumn(selection, pageIds, mayChange), ...columns] : columns;
  const total = query.data?.pagination.total ?? 0;
  const filtered =
    filters.search !== '' ||
    filters.statut !== '' ||
    filters.urgence !== '' ||
    filters.review !== '' ||
    filters.technician !== '' ||
    filters.overdue ||
    customFieldListQuery(filters).champ !== undefined;
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
      <FilterChips
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
          selection.clear();
        }}
      />
      {selectable && selection.selected.size > 0 && (
        <BulkBar
          ids={[...selection.selected]}
          canAssign={can(PERMISSIONS.INTERVENTIONS_ASSIGN)}
          canDelete={can(PERMISSIONS.INTERVENTIONS_DELETE)}
          onClear={selection.clear}
        />
      )}
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
          wrapHeaders
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
          capped={query.data?.pagination.capped}
          onPageChange={(next) => {
            const last = rows?.at(-1);
            if (next === page + 1 && last)
              setCursor({ key: JSON.stringify([next, limit, listFilters]), after: listCursor(last) });
            setPage(next);
          }}
          onLimitChange={(l) => {
            setLimit(l);
            setPage(1);
          }}
        />
      </div>

      <InterventionFormModal
        open={formOpen}
        onClose={() => setFormOpen(false)}
        intervention={editing}
        onFromTemplate={onFromTemplate}
      />
      <InterventionDetailModal
        interventionId={viewId}
        onClose={() => {
          setViewId(null);
          onDetailClose?.();
        }}
      />
      {lifecycle.dialogs}
      <LoadingOverlay
        show={cycle.isPending || lifecycle.busy}
        text={cycle.isPending ? 'Mise à jour du statut...' : 'Mise à jour...'}
      />
    </section>
  );
}
