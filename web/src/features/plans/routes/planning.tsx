import { PlanningCalendar } from '../components/planning-calendar';

export default function PlanningRoute() {
  return <PlanningCalendar />;
}
