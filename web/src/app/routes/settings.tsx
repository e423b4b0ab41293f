import { ApiTokensCard } from '../../features/api-tokens/api-tokens-card';
import { NotificationPreferences } from '../../features/notifications/components/notification-preferences';
import SettingsRoute from '../../features/profile/routes/settings';

/**
 * /settings: the device preferences (profile feature), the notification preferences (notifications feature) and the
 * user's API tokens (api-tokens feature, issue 35).
 * The installation's SMTP server is in Administration → Messagerie (/admin/messagerie, mail feature).
 */
export default function SettingsPage() {
  return (
    <SettingsRoute
      extra={
        <>
          <NotificationPreferences />
          <ApiTokensCard />
        </>
      }
    />
  );
}
