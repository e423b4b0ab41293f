import { SectionsScreen } from '../components/sections-screen';

/** /sections — admin only (the router's RequireRole guard). */
export default function SectionsRoute() {
  return <SectionsScreen />;
}
