import { MailSettingsCard } from '../../features/mail/components/mail-settings';
import { NotificationPreferences } from '../../features/notifications/components/notification-preferences';
import SettingsRoute from '../../features/profile/routes/settings';
import { usePermissions } from '../../lib/session';

/**
 * /settings: the device preferences (profile feature), the notification preferences (notifications feature) and,
 * for administrators, the SMTP server (mail feature).
 */
export default function SettingsPage() {
  const { isAdmin } = usePermissions();
  return (
    <SettingsRoute
      extra={
        <>
          <NotificationPreferences />
          {isAdmin && <MailSettingsCard />}
        </>
      }
    />
  );
}
