import { HabilitationsScreen } from '../components/habilitations-screen';

/** /admin/habilitations — habilitations:manage (the router's RequirePermission guard). */
export default function HabilitationsRoute() {
  return <HabilitationsScreen />;
}
