import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { SCHEDULE_MESSAGES, wallClockBody } from '@gmao/domain/interventions/schedule-schemas';
import { type DragEvent, useRef, useState } from 'react';
import { notify } from '../../../lib/toast';
import { useReschedule } from '../api/planning';

/**
 * Dragging an intervention of `rows` to another day of the grid: the day under the pointer is highlighted, and the
 * drop replans the intervention on that day at the same time of day (08:00 for one that had no time), keeping its
 * planned duration.
 */
/** The time given to an intervention without one when it is dropped on a day (the start of the working day). */
export const DEFAULT_PLANNED_TIME = '08:00';

export function usePlanningDrop(rows: Intervention[]) {
  const reschedule = useReschedule();
  // The id of the intervention being dragged; the drop reads the drag data when the drag began elsewhere.
  const dragged = useRef<number | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  const onDragStart = (id: number) => {
    dragged.current = id;
  };

  const onDragOver = (e: DragEvent, day: string) => {
    e.preventDefault();
    if (dropTarget !== day) setDropTarget(day);
  };

  const onDragLeave = (day: string) => setDropTarget((t) => (t === day ? null : t));

  const onDrop = async (e: DragEvent, day: string) => {
    e.preventDefault();
    setDropTarget(null);
    const id = dragged.current ?? Number(e.dataTransfer?.getData('text/plain'));
    dragged.current = null;
    const intervention = rows.find((i) => i.id === id);
    if (!intervention) return;
    // The wall clock the server gave, sent back as a wall clock: the browser converts nothing. A dated intervention
    // without a time is planned on the day it is dropped on, at the start of the working day.
    const { date, time } = intervention.plannedWallClock ?? { date: null, time: DEFAULT_PLANNED_TIME };
    if (date === day) return;
    try {
      const res = await reschedule.mutateAsync({
        id,
        body: { date: wallClockBody(day, time), duree: intervention.dureePrevue ?? null },
      });
      notify.success(res.message || SCHEDULE_MESSAGES.rescheduled);
    } catch {
      // The api client has toasted the server's refusal (closed intervention, not allowed…).
    }
  };

  return { dropTarget, onDragStart, onDragOver, onDragLeave, onDrop };
}

export type PlanningDrop = ReturnType<typeof usePlanningDrop>;
