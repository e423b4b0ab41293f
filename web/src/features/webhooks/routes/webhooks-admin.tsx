import { WebhooksScreen } from '../components/webhooks-screen';

/** /admin/webhooks — administrators only (the router's RequireRole guard). */
export default function WebhooksAdminRoute() {
  return <WebhooksScreen />;
}
