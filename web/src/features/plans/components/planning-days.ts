import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { planningToday } from '@gmao/domain/interventions/schedule-schemas';
import { eachDayOfInterval, endOfMonth, endOfWeek, format, parseISO, startOfMonth, startOfWeek } from 'date-fns';
import { fr } from 'date-fns/locale';
import type { VirtualOccurrence } from '../api/planning';

export type View = 'month' | 'week';
const WEEK = { weekStartsOn: 1 } as const;

export const dayKey = (d: Date) => format(d, 'yyyy-MM-dd');
/** Today in Casablanca (the planning's time zone), as a local calendar date. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const today = () => parseISO(planningToday());

/** The days shown: whole weeks, Monday first, covering the month (or the one week). */
export function periodDays(view: View, cursor: Date): Date[] {
  const start = view === 'month' ? startOfWeek(startOfMonth(cursor), WEEK) : startOfWeek(cursor, WEEK);
  const end = view === 'month' ? endOfWeek(endOfMonth(cursor), WEEK) : endOfWeek(cursor, WEEK);
  return eachDayOfInterval({ start, end });
}

export function periodTitle(view: View, days: Date[], cursor: Date): string {
  if (view === 'month') return format(cursor, 'LLLL yyyy', { locale: fr });
  const first = days[0] as Date;
  const last = days[days.length - 1] as Date;
  return `${format(first, 'd MMM', { locale: fr })} – ${format(last, 'd MMM yyyy', { locale: fr })}`;
}

export interface DayItems {
  interventions: Intervention[];
  occurrences: VirtualOccurrence[];
}

/**
 * What falls on each day (by 'yyyy-MM-dd', Casablanca time): the interventions (the dated ones without a time first,
 * then in time order), then the occurrences
 * of the plans kept by the technician and client filters (the server filtered the interventions already).
 */
export function itemsByDay(
  rows: Intervention[],
  occurrences: VirtualOccurrence[],
  technicianId: number | undefined,
  clientId: number | undefined,
): Map<string, DayItems> {
  const byDay = new Map<string, DayItems>();
  const itemsOf = (key: string) => {
    let items = byDay.get(key);
    if (!items) {
      items = { interventions: [], occurrences: [] };
      byDay.set(key, items);
    }
    return items;
  };
  // The server's wall clock (plannedWallClock): the browser's zone data never places an intervention. One with only
  // its date is on that day, for the whole day, before the timed ones.
  for (const i of rows) itemsOf(i.plannedWallClock?.date ?? i.date).interventions.push(i);
  // 'HH:MM' texts compare as plain strings; localeCompare would be the page's first use of ICU (issue 30 item 10).
  for (const day of byDay.values())
    day.interventions.sort((a, b) => compareText(a.plannedWallClock?.time ?? '', b.plannedWallClock?.time ?? ''));
  for (const o of occurrences) {
    if (technicianId !== undefined && o.plan.technicien_id !== technicianId) continue;
    if (clientId !== undefined && o.plan.client_id !== clientId) continue;
    itemsOf(o.due_date).occurrences.push(o);
  }
  return byDay;
}
