import { ROLE_MESSAGES, type Role } from '@gmao/domain/roles/role-schemas';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useRoles } from '../api/get-roles';
import { useDeleteRole } from '../api/mutate-role';
import { RoleFormModal } from './role-form-modal';

const columns: DataTableColumn<Role>[] = [
  {
    key: 'nom',
    header: 'Rôle',
    render: (r) => (
      <span className="inline-flex items-center gap-2 font-medium text-slate-900">
        {r.nom}
        {r.isAdmin && <Badge tone="purple">Accès complet</Badge>}
        {r.limiteSections && <Badge tone="orange">{ROLE_MESSAGES.limiteSections}</Badge>}
      </span>
    ),
  },
  { key: 'description', header: 'Description', render: (r) => r.description ?? '—' },
  { key: 'permissions', header: 'Permissions', render: (r) => r.permissions.length },
  { key: 'users', header: 'Utilisateurs', render: (r) => r.userCount },
];

const iconButton =
  'rounded-lg p-2.5 sm:p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:opacity-40';

function deleteBlockedReason(role: Role): string | null {
  if (role.isAdmin) return 'Le rôle administrateur ne peut pas être supprimé';
  if (role.userCount > 0) return 'Rôle attribué à des utilisateurs';
  return null;
}

export function RolesScreen() {
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Role>(remove, {
    success: ROLE_MESSAGES.deleted,
    onError: (err) => notify.error((err instanceof ApiError && err.serverMessage) || ROLE_MESSAGES.deleteFailed),
  });

  return (
    <section>
      <PageHeader
        title="Rôles et permissions"
        description="Ce que chaque rôle permet de faire. Ouvrez un rôle pour cocher ses permissions, module par module."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Nouveau rôle
          </Button>
        }
      />
      {roles.isError && !roles.data ? (
        <LoadErrorState description="Impossible de charger la liste des rôles" onRetry={() => void roles.refetch()} />
      ) : (
        <DataTable
          caption="Rôles"
          columns={columns}
          rows={roles.data?.data}
          loading={roles.isPending}
          rowKey={(r) => r.id}
          emptyMessage="Aucun rôle"
          onRowClick={(r) => setEditing(r)}
          actions={(r) => {
            const blocked = deleteBlockedReason(r);
            return (
              <>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Modifier ${r.nom}`}
                  title="Modifier"
                  onClick={() => setEditing(r)}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-red-600`}
                  aria-label={`Supprimer ${r.nom}`}
                  title={blocked ?? 'Supprimer'}
                  disabled={blocked !== null}
                  onClick={() => setToDelete(r)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </>
            );
          }}
        />
      )}
      {editing !== null && <RoleFormModal role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        kind="danger"
        title="Supprimer le rôle"
        message={toDelete ? ROLE_MESSAGES.deleteConfirm(toDelete.nom) : ''}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
