import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { LIFECYCLE_LABELS as L, type Scope } from '@gmao/domain/interventions/lifecycle-schemas';
import { CLOSED_STATUTS } from '@gmao/domain/interventions/status';
import { Archive, ArchiveRestore, Eye, Pencil, RefreshCw, RotateCcw, Trash2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePermissions } from '../../../lib/session';

function IconButton({
  label,
  onClick,
  children,
  tone = 'text-slate-600 hover:bg-slate-100',
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  tone?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`rounded-lg p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${tone}`}
    >
      {children}
    </button>
  );
}

export type LifecycleHandlers = {
  onArchive: (row: Intervention) => void;
  onUnarchive: (row: Intervention) => void;
  onRestore: (row: Intervention) => void;
  onForceDelete: (row: Intervention) => void;
};

/** Actions of an archived record (Désarchiver, Supprimer) or of one in the trash (Restaurer, Supprimer définitivement). */
function HiddenRowActions({
  row,
  scope,
  onDelete,
  ...h
}: { row: Intervention; scope: 'archived' | 'deleted'; onDelete: (row: Intervention) => void } & LifecycleHandlers) {
  const { can } = usePermissions();
  const canDelete = can(PERMISSIONS.INTERVENTIONS_DELETE);
  if (scope === 'archived')
    return (
      <>
        {can(PERMISSIONS.INTERVENTIONS_UPDATE) && (
          <IconButton label={L.unarchive} onClick={() => h.onUnarchive(row)}>
            <ArchiveRestore className="h-4 w-4" aria-hidden="true" />
          </IconButton>
        )}
        {canDelete && (
          <IconButton label={L.softDelete} onClick={() => onDelete(row)} tone="text-red-600 hover:bg-red-50">
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </IconButton>
        )}
      </>
    );
  if (!canDelete) return null;
  return (
    <>
      <IconButton label={L.restore} onClick={() => h.onRestore(row)}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton label={L.forceDelete} onClick={() => h.onForceDelete(row)} tone="text-red-600 hover:bg-red-50">
        <XCircle className="h-4 w-4" aria-hidden="true" />
      </IconButton>
    </>
  );
}

/**
 * View for everyone; edit, 'Changer Statut' and 'Archiver' (closed records) need interventions:update; 'Supprimer'
 * (to the trash) needs interventions:delete. Archived and trashed records get their own actions.
 */
export function InterventionRowActions({
  row,
  scope = 'active',
  onView,
  onEdit,
  onCycle,
  onDelete,
  ...lifecycle
}: {
  row: Intervention;
  scope?: Scope;
  onView: (row: Intervention) => void;
  onEdit: (row: Intervention) => void;
  onCycle: (row: Intervention) => void;
  onDelete: (row: Intervention) => void;
} & LifecycleHandlers) {
  const { can } = usePermissions();
  const canUpdate = can(PERMISSIONS.INTERVENTIONS_UPDATE);
  if (scope !== 'active') return <HiddenRowActions row={row} scope={scope} onDelete={onDelete} {...lifecycle} />;
  const closed = (CLOSED_STATUTS as string[]).includes(row.statut);
  return (
    <>
      <IconButton label="Voir" onClick={() => onView(row)}>
        <Eye className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      {canUpdate && (
        <IconButton label="Modifier" onClick={() => onEdit(row)}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {canUpdate && (
        <button
          type="button"
          onClick={() => onCycle(row)}
          className="inline-flex items-center gap-1 whitespace-nowrap rounded-lg px-2 py-1 text-xs font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          <RefreshCw className="h-3.5 w-3.5" aria-hidden="true" />
          Changer Statut
        </button>
      )}
      {canUpdate && closed && (
        <IconButton label={L.archive} onClick={() => lifecycle.onArchive(row)}>
          <Archive className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
      {can(PERMISSIONS.INTERVENTIONS_DELETE) && (
        <IconButton label={L.softDelete} onClick={() => onDelete(row)} tone="text-red-600 hover:bg-red-50">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
    </>
  );
}
