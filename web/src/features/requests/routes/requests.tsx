import { RequestsScreen } from '../components/requests-screen';

export default function RequestsRoute() {
  return <RequestsScreen />;
}
