import { NotificationPreferences } from '../../features/notifications/components/notification-preferences';
import SettingsRoute from '../../features/profile/routes/settings';

/**
 * /settings: the device preferences (profile feature) and the notification preferences (notifications feature).
 * The installation's SMTP server is in Administration → Messagerie (/admin/messagerie, mail feature).
 */
export default function SettingsPage() {
  return <SettingsRoute extra={<NotificationPreferences />} />;
}
