import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { PLANNING_LABELS as L } from '@gmao/domain/plans/planning-labels';
import { addMonths, addWeeks } from 'date-fns';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { usePermissions, useSession } from '../../../lib/session';
import {
  type CalendarFilters,
  useCalendarChoices,
  usePlanList,
  usePlannedInterventions,
  useVirtualOccurrences,
} from '../api/planning';
import { dayKey, itemsByDay, periodDays, periodTitle, today, type View } from './planning-days';
import { InterventionEvent, OccurrenceEvent } from './planning-events';
import { PlanningAgenda, PlanningGrid, type RenderEvents } from './planning-grid';
import { MINE, PlanningToolbar } from './planning-toolbar';
import { RescheduleDialog } from './reschedule-dialog';
import { UnscheduledPanel } from './unscheduled-panel';
import { usePlanningDrop } from './use-planning-drop';

const CLOSED = new Set(['TERMINEE', 'ANNULEE', 'ECHEC']);

/**
 * The planning (issue 17): scheduled interventions, those dated without a time (on their date, for the whole day —
 * issue 30 item 2), the « À planifier » list beside, and the preventive occurrences not generated yet, by month
 * (Monday first) or by week; a technician opens on his own work. Dragging an intervention to another day replans
 * it at the same time of day (desktop); its « Replanifier » button does the same with a date and time typed in a
 * dialog (a finger, a keyboard); on a phone the grid gives way to a day-by-day list.
 */
export function PlanningCalendar() {
  const { can } = usePermissions();
  const { user } = useSession();
  const [view, setView] = useState<View>('month');
  const [cursor, setCursor] = useState<Date>(today);
  const [technician, setTechnician] = useState<string>(() =>
    can(PERMISSIONS.INTERVENTIONS_UPDATE) && !can(PERMISSIONS.INTERVENTIONS_ASSIGN) ? MINE : '',
  );
  const [client, setClient] = useState('');
  const [replanning, setReplanning] = useState<Intervention | null>(null);

  const days = periodDays(view, cursor);
  const from = dayKey(days[0] as Date);
  const to = dayKey(days[days.length - 1] as Date);
  const technicianId = technician === MINE ? (user?.id ?? undefined) : technician ? Number(technician) : undefined;
  const clientId = client ? Number(client) : undefined;
  const filters: CalendarFilters = { technician_id: technicianId, client_id: clientId };

  const choices = useCalendarChoices(can(PERMISSIONS.CLIENTS_READ));
  const interventions = usePlannedInterventions(from, to, filters);
  const plans = usePlanList(can(PERMISSIONS.PLANS_READ));
  const virtual = useVirtualOccurrences(plans.data?.data, from, to);
  const canMove = can(PERMISSIONS.INTERVENTIONS_UPDATE);

  const rows = interventions.data?.data ?? [];
  const byDay = itemsByDay(rows, virtual.occurrences, technicianId, clientId);
  const drop = usePlanningDrop(rows);

  const move = (step: number) => setCursor((c) => (view === 'month' ? addMonths(c, step) : addWeeks(c, step)));

  const isDraggable = (i: Intervention) => canMove && !CLOSED.has(i.statut);
  const events: RenderEvents = (items, compact) => (
    <>
      {items?.interventions.map((i) => (
        <InterventionEvent
          key={i.id}
          intervention={i}
          draggable={isDraggable(i)}
          onDragStart={drop.onDragStart}
          onReschedule={isDraggable(i) ? () => setReplanning(i) : null}
          compact={compact}
        />
      ))}
      {items?.occurrences.map((o) => (
        <OccurrenceEvent key={`${o.plan.id}-${o.equipement_id}-${o.due_date}`} occurrence={o} />
      ))}
    </>
  );

  return (
    <div>
      <PageHeader
        title={L.title}
        description={
          <>
            {L.description}
            {canMove && (
              <>
                {/* Drag and drop needs a mouse: the hint hides on phones and touch screens (issue 30). */}
                <span data-hint="drag" className="hidden sm:pointer-fine:inline">
                  {' '}
                  {L.dragHint}
                </span>
                <span data-hint="reschedule" className="sm:pointer-fine:hidden">
                  {' '}
                  {L.rescheduleHint}
                </span>
              </>
            )}
          </>
        }
      />
      <PlanningToolbar
        view={view}
        onViewChange={setView}
        title={periodTitle(view, days, cursor)}
        onMove={move}
        onToday={() => setCursor(today())}
        technician={technician}
        onTechnicianChange={setTechnician}
        client={client}
        onClientChange={setClient}
        choices={choices}
      />

      <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_16rem] xl:items-start xl:gap-4">
        <div className="min-w-0">
          {interventions.isError ? (
            <LoadErrorState description={L.loadError} onRetry={() => interventions.refetch()} />
          ) : (
            <>
              {interventions.data?.pagination.total !== undefined &&
                interventions.data.pagination.total > rows.length && (
                  <p className="mb-2 text-sm text-amber-700">{L.truncated(rows.length)}</p>
                )}
              <PlanningGrid
                view={view}
                cursor={cursor}
                days={days}
                byDay={byDay}
                canMove={canMove}
                drop={drop}
                renderEvents={events}
              />
              <PlanningAgenda days={days} byDay={byDay} loading={interventions.isLoading} renderEvents={events} />
            </>
          )}
        </div>
        {/* Once the calendar is there: under it on a phone, the list would otherwise be pushed down as the days fill. */}
        {!interventions.isLoading && (
          <div className="mt-4 xl:mt-0">
            <UnscheduledPanel filters={filters} onPlan={canMove ? setReplanning : null} />
          </div>
        )}
      </div>
      {replanning && <RescheduleDialog intervention={replanning} onClose={() => setReplanning(null)} />}
    </div>
  );
}
