import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { Eye, Pencil, RefreshCw, Trash2 } from 'lucide-react';
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

/** View for everyone; edit and 'Changer Statut' need interventions:update; delete needs interventions:delete. */
export function InterventionRowActions({
  row,
  onView,
  onEdit,
  onCycle,
  onDelete,
}: {
  row: Intervention;
  onView: (row: Intervention) => void;
  onEdit: (row: Intervention) => void;
  onCycle: (row: Intervention) => void;
  onDelete: (row: Intervention) => void;
}) {
  const { can } = usePermissions();
  const canUpdate = can(PERMISSIONS.INTERVENTIONS_UPDATE);
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
      {can(PERMISSIONS.INTERVENTIONS_DELETE) && (
        <IconButton label="Supprimer" onClick={() => onDelete(row)} tone="text-red-600 hover:bg-red-50">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      )}
    </>
  );
}
