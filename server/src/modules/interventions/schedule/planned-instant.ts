import { instantOfWallClock } from '@gmao/domain/interventions/planning-clock';
import { plannedAtHasZone } from '@gmao/domain/interventions/schedule-schemas';

/**
 * The instant of a schedule's `date` (validated by plannedAtSchema): with a zone (`Z`, `±HH:MM`, an integrator's
 * instant) it is that instant; without one it is Casablanca's wall clock, which the server converts with Node's
 * time-zone data (planning-clock.ts) — the one conversion, so the browser's zone data never matters.
 */
export function plannedInstant(date: string): Date {
  if (plannedAtHasZone(date)) return new Date(date);
  const [day, time] = date.split('T') as [string, string];
  return instantOfWallClock(day, time.replace(/\.\d+$/, ''));
}
