import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { UserHabilitations } from '../../features/habilitations/components/user-habilitations';
import ProfileRoute from '../../features/profile/routes/profile';
import { usePermissions, useSession } from '../../lib/session';

/** /profile, with the user's own titres d'habilitation (issue 34: a technician reads his own). */
export default function ProfileWithHabilitations() {
  const { user } = useSession();
  const { can } = usePermissions();
  return (
    <ProfileRoute
      habilitations={
        user ? (
          <UserHabilitations userId={user.id} nom={user.nom} canManage={can(PERMISSIONS.HABILITATIONS_MANAGE)} />
        ) : undefined
      }
    />
  );
}
