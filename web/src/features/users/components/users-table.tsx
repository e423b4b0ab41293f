import { formatDate } from '@gmao/domain/format/format';
import { USERS_SCREEN } from '@gmao/domain/users/messages';
import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { UserAvatar } from './user-avatar';
import { RoleBadge, UserStatus } from './user-status';

const columns: DataTableColumn<AdminUser>[] = [
  {
    key: 'user',
    header: 'Utilisateur',
    render: (u) => (
      <span className="flex items-center gap-3">
        <UserAvatar nom={u.nom} />
        <span>
          <span className="block font-medium text-slate-900">{u.nom}</span>
          <span className="block text-slate-500">@{u.username}</span>
        </span>
      </span>
    ),
  },
  {
    key: 'section',
    header: 'Section',
    render: (u) =>
      u.section ? (
        <span className="inline-flex flex-wrap items-center gap-1">
          {u.section.nom}
          {u.section.isResponsible && <Badge tone="orange">Responsable</Badge>}
        </span>
      ) : (
        <span className="text-slate-500">{u.requestedSection ? `${u.requestedSection} (demandée)` : '—'}</span>
      ),
  },
  { key: 'role', header: 'Rôle', render: (u) => <RoleBadge role={u.role} /> },
  { key: 'status', header: 'Statut', render: (u) => <UserStatus user={u} /> },
  { key: 'created', header: 'Créé le', render: (u) => formatDate(u.createdAt) },
];

const iconButton =
  'rounded-lg p-2.5 sm:p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

export interface UsersTableProps {
  users: AdminUser[] | undefined;
  loading: boolean;
  currentUserId: number | undefined;
  canEdit: boolean;
  canDelete: boolean;
  onView: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export function UsersTable({
  users,
  loading,
  currentUserId,
  canEdit,
  canDelete,
  onView,
  onEdit,
  onDelete,
}: UsersTableProps) {
  return (
    <DataTable
      caption="Utilisateurs"
      columns={columns}
      rows={users}
      loading={loading}
      rowKey={(u) => u.id}
      onRowClick={onView}
      emptyMessage={USERS_SCREEN.empty}
      actions={(u) => {
        const self = u.id === currentUserId;
        return (
          <>
            <button
              type="button"
              className={iconButton}
              aria-label={`Voir ${u.nom}`}
              title="Voir"
              onClick={() => onView(u)}
            >
              <Eye className="h-4 w-4" aria-hidden="true" />
            </button>
            {canEdit && (
              <button
                type="button"
                className={iconButton}
                aria-label={`Modifier ${u.nom}`}
                title="Modifier"
                onClick={() => onEdit(u)}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className={`${iconButton} hover:text-red-600`}
                aria-label={`Supprimer ${u.nom}`}
                title={self ? 'Vous ne pouvez pas supprimer votre propre compte' : 'Supprimer'}
                disabled={self}
                onClick={() => onDelete(u)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
          </>
        );
      }}
    />
  );
}
