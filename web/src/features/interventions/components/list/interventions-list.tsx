import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { DEFAULT_PAGE_SIZE } from '@gmao/domain/common/api';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { Scope } from '@gmao/domain/interventions/lifecycle-schemas';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import { useEffect, useState } from 'react';
import { DataTable } from '../../../../components/ui/data-table';
import { LoadingOverlay } from '../../../../components/ui/loading-overlay';
import { Pagination } from '../../../../components/ui/pagination';
import { usePermissions } from '../../../../lib/session';
import { InterventionDetailModal } from '../detail/intervention-detail-modal';
import { InterventionFormModal, type InterventionFormModalProps } from '../form/intervention-form-modal';
import { useInterventionAccess } from '../use-intervention-access';
import { BulkBar } from './bulk-bar';
import { FilterChips } from './filter-chips';
import { InterventionRowActions } from './intervention-row-actions';
import { interventionColumns } from './interventions-columns';
import { type InterventionFilterValues, MINE } from './interventions-filters';
import { InterventionsToolbar } from './interventions-toolbar';
import { PendingDrafts } from './pending-drafts';
import { selectionColumn, useRowSelection } from './row-selection';
import { useInterventionLifecycle } from './use-intervention-lifecycle';
import { EMPTY_FILTERS, emptyListMessage, useInterventionsQuery } from './use-interventions-query';
import { useStatusCycle } from './use-status-cycle';

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
  // (Issue 30: his list opens on the nearest dates, not the furthest.)
  const [filters, setFilters] = useState<InterventionFilterValues>(() => ({
    ...EMPTY_FILTERS,
    ...(can(PERMISSIONS.INTERVENTIONS_UPDATE) && !can(PERMISSIONS.INTERVENTIONS_ASSIGN)
      ? { technician: MINE, sort: 'nearest' as const }
      : {}),
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

  const { listFilters, query, rememberCursor } = useInterventionsQuery({
    filters,
    scope,
    page,
    limit,
    userId: access.userId,
  });
  const cycle = useStatusCycle();
  const lifecycle = useInterventionLifecycle();

  const rows = query.data?.data;
  // Bulk status / assignment / edit / trash apply to active records, for users who may update them: a row is
  // selectable when its status may be changed by the user (domain policy), the bulk assignment is for holders of
  // interventions:assign, the move to the Corbeille for holders of interventions:delete.
  const selectable = scope === 'active' && can(PERMISSIONS.INTERVENTIONS_UPDATE);
  const mayChange = (r: Intervention) => access.can('changeStatus', interventionFacts(r));
  const pageIds = rows?.filter(mayChange).map((r) => r.id) ?? [];
  const tableColumns = selectable
    ? [selectionColumn(selection, pageIds, mayChange), ...interventionColumns]
    : interventionColumns;
  const total = query.data?.pagination.total ?? 0;
  const empty = emptyListMessage(filters, scope);

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
      <PendingDrafts />
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
          dense
          actionsClassName="w-64"
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
              onCycle={cycle.onCycle}
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
            rememberCursor(next);
            setPage(next);
          }}
          onLimitChange={(l) => {
            setLimit(l);
            setPage(1);
          }}
        />
      </div>

      {/* Mounted only while open (issue 30 item 10: its form and hooks cost a phone ~80 ms on every load of the list). */}
      {formOpen && (
        <InterventionFormModal
          key={editing?.id ?? 'new'}
          open
          onClose={() => setFormOpen(false)}
          intervention={editing}
          onFromTemplate={onFromTemplate}
        />
      )}
      {viewId !== null && (
        <InterventionDetailModal
          interventionId={viewId}
          onClose={() => {
            setViewId(null);
            onDetailClose?.();
          }}
        />
      )}
      {lifecycle.dialogs}
      {cycle.dialogs}
      <LoadingOverlay
        show={cycle.isPending || lifecycle.busy}
        text={cycle.isPending ? 'Mise à jour du statut...' : 'Mise à jour...'}
      />
    </section>
  );
}
