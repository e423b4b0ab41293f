import { RolesScreen } from '../components/roles-screen';

/** /roles — admin only (the router's RequireRole guard). */
export default function RolesRoute() {
  return <RolesScreen />;
}
