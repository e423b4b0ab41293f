import { ContractsScreen } from '../components/contracts-screen';

export default function ContractsRoute() {
  return <ContractsScreen />;
}
