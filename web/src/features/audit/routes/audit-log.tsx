import { AuditLogScreen } from '../components/audit-log-screen';

/** /admin/audit — administrators only (the router's RequireRole guard). */
export default function AuditLogRoute() {
  return <AuditLogScreen />;
}
