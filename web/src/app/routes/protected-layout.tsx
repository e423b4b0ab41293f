import { AppLayout } from '../../components/layout/app-layout';
import { useLogout } from '../../features/auth/api/logout';
import { LiveNotificationBell } from '../../features/notifications/components/live-notification-bell';

/**
 * The signed-in frame: sidebar, top bar (search, bell, account menu), offline banner. A chunk of its own, so that the
 * sign-in pages do not load it (issue 16: `/login` loads only what it shows).
 */
export default function ProtectedLayout() {
  const logout = useLogout();
  return <AppLayout onLogout={() => void logout()} bell={<LiveNotificationBell />} />;
}
