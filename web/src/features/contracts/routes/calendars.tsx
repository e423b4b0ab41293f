import { CalendarsScreen } from '../components/calendars-screen';

export default function CalendarsRoute() {
  return <CalendarsScreen />;
}
