import { PlansScreen } from '../components/plans-screen';

export default function PlansRoute() {
  return <PlansScreen />;
}
