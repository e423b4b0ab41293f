import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { UserHabilitations } from '../../features/habilitations/components/user-habilitations';
import { UsersScreen } from '../../features/users/components/users-screen';
import { usePermissions } from '../../lib/session';

/**
 * /users — admin only (the router's RequireRole guard). The user's detail gets the Habilitations tab of the
 * habilitations feature (issue 34): composed here, features never import each other.
 */
export default function UsersRoute() {
  const { can } = usePermissions();
  return (
    <UsersScreen
      userTab={(user) => (
        <UserHabilitations userId={user.id} nom={user.nom} canManage={can(PERMISSIONS.HABILITATIONS_MANAGE)} />
      )}
    />
  );
}
