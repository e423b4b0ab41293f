import { StockScreen } from '../components/stock-screen';

export default function StockRoute() {
  return <StockScreen />;
}
