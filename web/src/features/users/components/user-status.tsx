import { isAdminRole } from '@gmao/domain/auth/permissions';
import { USER_FALLBACKS } from '@gmao/domain/auth/user';
import { USERS_SCREEN } from '@gmao/domain/users/messages';
import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { Badge } from '../../../components/ui/badge';

/** Actif / Inactif (spec §4 "User account"), plus a badge for self-registrations awaiting activation. */
export function UserStatus({ user }: { user: Pick<AdminUser, 'enabled' | 'pending'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={user.enabled ? 'green' : 'red'}>{user.enabled ? USERS_SCREEN.active : USERS_SCREEN.inactive}</Badge>
      {user.pending && <Badge tone="yellow">{USERS_SCREEN.pending}</Badge>}
    </span>
  );
}

export function RoleBadge({ role }: { role: AdminUser['role'] }) {
  if (!role) return <Badge tone="gray">{USER_FALLBACKS.role}</Badge>;
  const tone = isAdminRole(role.nom) ? 'purple' : 'blue';
  return <Badge tone={tone}>{role.nom}</Badge>;
}
