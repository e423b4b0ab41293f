import { PERMISSION_DESCRIPTIONS } from '@gmao/domain/auth/permissions';
import { formatDateTime } from '@gmao/domain/format/format';
import { HABILITATION_UI } from '@gmao/domain/habilitations/habilitation-schemas';
import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { UserAvatar } from './user-avatar';
import { RoleBadge, UserStatus } from './user-status';

/** A permission as its description when known, else its module:action string. */
function permissionLabel(permission: string): string {
  return (PERMISSION_DESCRIPTIONS as Record<string, string>)[permission] ?? permission;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="col-span-2 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function UserDetailModal({
  user,
  canEdit,
  canDelete,
  isSelf,
  onClose,
  onEdit,
  onDelete,
  extraTab,
}: {
  user: AdminUser;
  /** The Habilitations tab (issue 34), composed by the app (app/routes/users.tsx). */
  extraTab?: ReactNode;
  canEdit: boolean;
  canDelete: boolean;
  isSelf: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [tab, setTab] = useState<'profil' | 'titres'>('profil');
  return (
    <Modal
      open
      onClose={onClose}
      title="Détails de l'utilisateur"
      size="2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fermer
          </Button>
          {canDelete && !isSelf && (
            <Button variant="danger" onClick={onDelete}>
              Supprimer
            </Button>
          )}
          {canEdit && <Button onClick={onEdit}>Modifier</Button>}
        </>
      }
    >
      <div className="mb-4 flex items-center gap-4">
        <UserAvatar nom={user.nom} size="lg" />
        <div>
          <p className="text-lg font-semibold text-slate-900">{user.nom}</p>
          <p className="text-slate-500">@{user.username}</p>
        </div>
      </div>
      {extraTab && (
        <div role="tablist" aria-label="Fiche de l'utilisateur" className="mb-4 flex gap-2 border-b border-slate-200">
          {(
            [
              ['profil', HABILITATION_UI.profileTab],
              ['titres', HABILITATION_UI.tab],
            ] as const
          ).map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === key ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
              onClick={() => setTab(key)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {extraTab && tab === 'titres' ? (
        <div role="tabpanel">{extraTab}</div>
      ) : (
        <>
          <dl className="divide-y divide-slate-100">
            <Row label="Rôle">
              <RoleBadge role={user.role} />
            </Row>
            <Row label="Section">
              {user.section ? `${user.section.nom}${user.section.isResponsible ? ' (responsable)' : ''}` : '—'}
              {user.requestedSection && (
                <span className="block text-slate-500">Section demandée : {user.requestedSection}</span>
              )}
            </Row>
            <Row label="Statut">
              <UserStatus user={user} />
            </Row>
            <Row label="Créé le">{formatDateTime(user.createdAt)}</Row>
            <Row label="Dernière modification">{formatDateTime(user.updatedAt)}</Row>
          </dl>
          <h3 className="mt-4 mb-2 text-sm font-semibold text-slate-900">Permissions ({user.permissions.length})</h3>
          {user.permissions.length === 0 ? (
            <p className="text-sm text-slate-500">Aucune permission</p>
          ) : (
            <ul aria-label="Permissions" className="grid gap-1 sm:grid-cols-2">
              {user.permissions.map((p) => (
                <li key={p} className="rounded bg-slate-50 px-2 py-1 text-sm text-slate-700" title={p}>
                  {permissionLabel(p)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Modal>
  );
}
