import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { USERS_SCREEN } from '@gmao/domain/users/messages';
import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { AlertTriangle, Plus, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { ApiError } from '../../../lib/api-client';
import { usePermissions, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { usePaging } from '../../../lib/use-paging';
import { useUsers } from '../api/get-users';
import { useDeleteUser } from '../api/mutate-user';
import { PendingRegistrations } from './pending-registrations';
import { UserDetailModal } from './user-detail-modal';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';
import { ALL, UsersToolbar, type UsersToolbarValue } from './users-toolbar';

type Dialog = { kind: 'create' } | { kind: 'edit'; user: AdminUser } | { kind: 'view'; user: AdminUser } | null;

/** "Gestion des Utilisateurs" (spec §2 "Users screen"). */
export function UsersScreen({ userTab }: { userTab?: (user: AdminUser) => ReactNode } = {}) {
  const { user: me } = useSession();
  const { can } = usePermissions();
  const [filters, setFilters] = useState<UsersToolbarValue>({ search: '', roleId: ALL, sectionId: ALL, status: ALL });
  const paging = usePaging();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteUser();

  const query = useUsers({
    page: paging.page,
    limit: paging.limit,
    search: filters.search || undefined,
    role_id: filters.roleId === ALL ? undefined : Number(filters.roleId),
    section_id: filters.sectionId === ALL ? undefined : Number(filters.sectionId),
    enabled: filters.status === ALL ? undefined : filters.status === 'true',
  });
  const canCreate = can(PERMISSIONS.USERS_CREATE);
  const canEdit = can(PERMISSIONS.USERS_UPDATE);
  const canDelete = can(PERMISSIONS.USERS_DELETE);

  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<AdminUser>(remove, {
    success: MUTATION_MESSAGES.userDelete.success,
    onError: (err) =>
      notify.error((err instanceof ApiError && err.serverMessage) || MUTATION_MESSAGES.userDelete.failure),
  });

  return (
    <section>
      <PageHeader
        title={USERS_SCREEN.title}
        description="Comptes, rôles, sections et demandes d'accès."
        actions={
          <>
            <Button variant="secondary" onClick={() => void query.refetch()} aria-label="Actualiser la liste">
              <RefreshCw className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
              Actualiser
            </Button>
            {canCreate && (
              <Button onClick={() => setDialog({ kind: 'create' })}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {USERS_SCREEN.newUser}
              </Button>
            )}
          </>
        }
      />
      <PendingRegistrations />
      <div className="mb-4 rounded-xl border border-slate-200 bg-white shadow-sm">
        <UsersToolbar
          value={filters}
          onChange={(next) => {
            setFilters((f) => ({ ...f, ...next }));
            paging.firstPage();
          }}
        />
      </div>
      {query.isError && !query.data ? (
        <LoadErrorState
          icon={<AlertTriangle className="h-6 w-6 text-red-500" />}
          title={USERS_SCREEN.loadErrorTitle}
          description={USERS_SCREEN.loadErrorText}
          retryLabel={USERS_SCREEN.retry}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <UsersTable
          users={query.data?.data}
          loading={query.isPending}
          currentUserId={me?.id}
          canEdit={canEdit}
          canDelete={canDelete}
          onView={(user) => setDialog({ kind: 'view', user })}
          onEdit={(user) => setDialog({ kind: 'edit', user })}
          onDelete={setToDelete}
        />
      )}
      <Pagination {...paging.pagination} total={query.data?.pagination.total ?? 0} />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserFormModal
          user={dialog.kind === 'edit' ? dialog.user : null}
          isSelf={dialog.kind === 'edit' && dialog.user.id === me?.id}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'view' && (
        <UserDetailModal
          user={dialog.user}
          canEdit={canEdit}
          canDelete={canDelete}
          isSelf={dialog.user.id === me?.id}
          extraTab={userTab?.(dialog.user)}
          onClose={() => setDialog(null)}
          onEdit={() => setDialog({ kind: 'edit', user: dialog.user })}
          onDelete={() => {
            setToDelete(dialog.user);
            setDialog(null);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        kind="danger"
        title="Supprimer l'utilisateur"
        message={toDelete ? USERS_SCREEN.deleteConfirm(toDelete.nom) : ''}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
