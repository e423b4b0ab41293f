import { useLogout } from '../../features/auth/api/logout';
import { PortalLayout } from '../../features/portal/components/portal-layout';

/** The client portal's frame (issue 33), composed with the account's logout; a chunk of its own. */
export default function PortalFrame() {
  const logout = useLogout();
  return <PortalLayout onLogout={() => void logout()} />;
}
