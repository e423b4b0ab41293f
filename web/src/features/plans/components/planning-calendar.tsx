import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { plannedAtLocalParts, SCHEDULE_MESSAGES } from '@gmao/domain/interventions/schedule-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import { PLANNING_LABELS as L } from '@gmao/domain/plans/planning-labels';
import {
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { fr } from 'date-fns/locale';
import { CalendarClock, ChevronLeft, ChevronRight } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { interventionPath } from '../../../lib/paths';
import { usePermissions, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  type CalendarFilters,
  useCalendarChoices,
  usePlanList,
  usePlannedInterventions,
  useReschedule,
  useVirtualOccurrences,
  type VirtualOccurrence,
} from '../api/planning';
import { RescheduleDialog } from './reschedule-dialog';

type View = 'month' | 'week';
/** The technician filter: '' everyone, 'me' the user's own work, or a technician's id. */
const MINE = 'me';
const CLOSED = new Set(['TERMINEE', 'ANNULEE', 'ECHEC']);
const WEEK = { weekStartsOn: 1 } as const;
/** Done in green, called off struck through, the rest (to do, under way) in blue. */
const TONE: Record<string, string> = {
  default: 'border-blue-300 bg-blue-50 text-blue-900 hover:bg-blue-100',
  TERMINEE: 'border-green-300 bg-green-50 text-green-900 hover:bg-green-100',
  ANNULEE: 'border-slate-300 bg-slate-100 text-slate-600 line-through',
  ECHEC: 'border-red-300 bg-red-50 text-red-900 line-through',
};

const dayKey = (d: Date) => format(d, 'yyyy-MM-dd');
/** Today in Casablanca (the planning's time zone), as a local calendar date. */
const today = () => parseISO(plannedAtLocalParts(new Date()).date);

/** The days shown: whole weeks, Monday first, covering the month (or the one week). */
function periodDays(view: View, cursor: Date): Date[] {
  const start = view === 'month' ? startOfWeek(startOfMonth(cursor), WEEK) : startOfWeek(cursor, WEEK);
  const end = view === 'month' ? endOfWeek(endOfMonth(cursor), WEEK) : endOfWeek(cursor, WEEK);
  return eachDayOfInterval({ start, end });
}

function periodTitle(view: View, days: Date[], cursor: Date): string {
  if (view === 'month') return format(cursor, 'LLLL yyyy', { locale: fr });
  const first = days[0] as Date;
  const last = days[days.length - 1] as Date;
  return `${format(first, 'd MMM', { locale: fr })} – ${format(last, 'd MMM yyyy', { locale: fr })}`;
}

interface DayItems {
  interventions: Intervention[];
  occurrences: VirtualOccurrence[];
}

/**
 * One intervention: a link to its detail (focusable, named by its time, equipment, client and state), draggable to
 * another day where it may move, with a « Replanifier » button beside it as the single-pointer alternative (WCAG 2.2
 * SC 2.5.7): an icon on the desktop grid (44×44 under a coarse pointer), a labelled 44×44 button in the phone's list.
 */
function InterventionEvent({
  intervention,
  draggable,
  onDragStart,
  onReschedule,
  compact,
}: {
  intervention: Intervention;
  draggable: boolean;
  onDragStart: (id: number) => void;
  onReschedule: (() => void) | null;
  compact: boolean;
}) {
  const time = intervention.plannedAt ? plannedAtLocalParts(intervention.plannedAt).time : '';
  const link = (
    <Link
      to={interventionPath(intervention.id)}
      draggable={draggable}
      onDragStart={(e) => {
        e.dataTransfer?.setData('text/plain', String(intervention.id));
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
        onDragStart(intervention.id);
      }}
      data-testid={`planning-intervention-${intervention.id}`}
      title={`${intervention.equipement.nom} — ${intervention.equipement.proprietaire.nom_entreprise} (${statutLabel(intervention.statut)})`}
      className={`block min-w-0 flex-1 truncate rounded border px-1.5 py-0.5 text-xs ${
        TONE[intervention.statut] ?? TONE.default
      } ${draggable ? 'cursor-grab' : ''}`}
    >
      <span className="font-medium">{time}</span> {`${intervention.equipement.nom} `}
      <span className="sr-only">{`— ${intervention.equipement.proprietaire.nom_entreprise} (${statutLabel(intervention.statut)})`}</span>
    </Link>
  );
  if (!onReschedule) return link;
  return (
    <div className="flex items-stretch gap-1">
      {link}
      <button
        type="button"
        onClick={onReschedule}
        aria-label={L.rescheduleOf(intervention.equipement.nom)}
        title={L.reschedule}
        data-testid={`planning-reschedule-${intervention.id}`}
        className={`inline-flex shrink-0 items-center justify-center gap-1 rounded border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
          compact ? 'h-6 w-6 pointer-coarse:h-11 pointer-coarse:w-11' : 'min-h-11 min-w-11 px-3 text-sm'
        }`}
      >
        <CalendarClock className="h-3.5 w-3.5" aria-hidden="true" />
        {!compact && <span>{L.reschedule}</span>}
      </button>
    </div>
  );
}

function OccurrenceEvent({ occurrence }: { occurrence: VirtualOccurrence }) {
  return (
    <div
      data-testid="planning-occurrence"
      title={`${occurrence.equipement_nom} — ${L.virtual(occurrence.plan.nom)}`}
      className="truncate rounded border border-dashed border-slate-400 bg-white px-1.5 py-0.5 text-xs text-slate-600"
    >
      {occurrence.equipement_nom}
      <span className="block truncate text-[11px] text-slate-500">{L.virtual(occurrence.plan.nom)}</span>
    </div>
  );
}

/**
 * The planning (issue 17): scheduled interventions and the preventive occurrences not generated yet, by month
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
  const dragged = useRef<number | null>(null);
  const [replanning, setReplanning] = useState<Intervention | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

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
  const reschedule = useReschedule();
  const canMove = can(PERMISSIONS.INTERVENTIONS_UPDATE);

  const byDay = new Map<string, DayItems>();
  const itemsOf = (key: string) => {
    let items = byDay.get(key);
    if (!items) {
      items = { interventions: [], occurrences: [] };
      byDay.set(key, items);
    }
    return items;
  };
  const rows = interventions.data?.data ?? [];
  for (const i of rows) if (i.plannedAt) itemsOf(plannedAtLocalParts(i.plannedAt).date).interventions.push(i);
  for (const day of byDay.values())
    day.interventions.sort((a, b) => String(a.plannedAt).localeCompare(String(b.plannedAt)));
  for (const o of virtual.occurrences) {
    if (technicianId !== undefined && o.plan.technicien_id !== technicianId) continue;
    if (clientId !== undefined && o.plan.client_id !== clientId) continue;
    itemsOf(o.due_date).occurrences.push(o);
  }

  const move = (step: number) => setCursor((c) => (view === 'month' ? addMonths(c, step) : addWeeks(c, step)));

  const onDrop = async (e: DragEvent, day: string) => {
    e.preventDefault();
    setDropTarget(null);
    const id = dragged.current ?? Number(e.dataTransfer?.getData('text/plain'));
    dragged.current = null;
    const intervention = rows.find((i) => i.id === id);
    if (!intervention?.plannedAt) return;
    const { date, time } = plannedAtLocalParts(intervention.plannedAt);
    if (date === day) return;
    try {
      const res = await reschedule.mutateAsync({
        id,
        body: { date: `${day}T${time}`, duree: intervention.dureePrevue ?? null },
      });
      notify.success(res.message || SCHEDULE_MESSAGES.rescheduled);
    } catch {
      // The api client has toasted the server's refusal (closed intervention, not allowed…).
    }
  };

  const isDraggable = (i: Intervention) => canMove && !CLOSED.has(i.statut);
  const events = (items: DayItems | undefined, compact: boolean) => (
    <>
      {items?.interventions.map((i) => (
        <InterventionEvent
          key={i.id}
          intervention={i}
          draggable={isDraggable(i)}
          onDragStart={(id) => {
            dragged.current = id;
          }}
          onReschedule={isDraggable(i) ? () => setReplanning(i) : null}
          compact={compact}
        />
      ))}
      {items?.occurrences.map((o) => (
        <OccurrenceEvent key={`${o.plan.id}-${o.equipement_id}-${o.due_date}`} occurrence={o} />
      ))}
    </>
  );
  const todayKey = dayKey(today());

  return (
    <div>
      <PageHeader title={L.title} description={L.description} />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="sm" aria-label={L.previous} onClick={() => move(-1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setCursor(today())}>
            {L.today}
          </Button>
          <Button variant="secondary" size="sm" aria-label={L.next} onClick={() => move(1)}>
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        <h2 className="min-w-40 text-lg font-semibold capitalize text-slate-900" data-testid="planning-period">
          {periodTitle(view, days, cursor)}
        </h2>
        <fieldset className="flex gap-1" aria-label={L.view}>
          {(['month', 'week'] as const).map((v) => (
            <Button
              key={v}
              size="sm"
              variant={view === v ? 'primary' : 'secondary'}
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {v === 'month' ? L.month : L.week}
            </Button>
          ))}
        </fieldset>
        <label className="flex flex-col text-sm text-slate-700">
          {L.technician}
          <select
            className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            value={technician}
            onChange={(e) => setTechnician(e.target.value)}
          >
            <option value="">{L.allTechnicians}</option>
            <option value={MINE}>{L.mine}</option>
            {choices.technicians.map((t) => (
              <option key={t.id} value={String(t.id)}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        {choices.clients.length > 0 && (
          <label className="flex flex-col text-sm text-slate-700">
            {L.client}
            <select
              className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
              value={client}
              onChange={(e) => setClient(e.target.value)}
            >
              <option value="">{L.allClients}</option>
              {choices.clients.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      {interventions.isError ? (
        <LoadErrorState description={L.loadError} onRetry={() => interventions.refetch()} />
      ) : (
        <>
          {interventions.data?.pagination.total !== undefined && interventions.data.pagination.total > rows.length && (
            <p className="mb-2 text-sm text-amber-700">{L.truncated(rows.length)}</p>
          )}
          {/* Desktop and tablet: the grid, Monday first. */}
          <div className="hidden md:block" data-testid="planning-grid">
            <div className="grid grid-cols-7 border-l border-t border-slate-200 text-xs font-medium text-slate-500">
              {days.slice(0, 7).map((d) => (
                <div key={dayKey(d)} className="border-b border-r border-slate-200 bg-slate-50 px-2 py-1 capitalize">
                  {format(d, 'EEEE', { locale: fr })}
                </div>
              ))}
            </div>
            <div className="grid grid-cols-7 border-l border-slate-200">
              {days.map((d) => {
                const key = dayKey(d);
                const outside = view === 'month' && !isSameMonth(d, cursor);
                return (
                  <section
                    key={key}
                    aria-label={format(d, 'EEEE d MMMM yyyy', { locale: fr })}
                    data-testid={`planning-day-${key}`}
                    onDragOver={(e) => {
                      if (!canMove) return;
                      e.preventDefault();
                      if (dropTarget !== key) setDropTarget(key);
                    }}
                    onDragLeave={() => setDropTarget((t) => (t === key ? null : t))}
                    onDrop={(e) => onDrop(e, key)}
                    className={`flex flex-col gap-1 border-b border-r border-slate-200 p-1 ${
                      view === 'month' ? 'min-h-28' : 'min-h-64'
                    } ${outside ? 'bg-slate-50 text-slate-500' : 'bg-white'} ${
                      dropTarget === key ? 'ring-2 ring-inset ring-blue-400' : ''
                    }`}
                  >
                    <span
                      className={`self-end rounded-full px-1.5 text-xs ${
                        key === todayKey ? 'bg-blue-600 font-semibold text-white' : ''
                      }`}
                    >
                      {format(d, 'd')}
                    </span>
                    {events(byDay.get(key), true)}
                  </section>
                );
              })}
            </div>
          </div>
          {/* Phone: day by day, only the days with something planned. */}
          <div className="md:hidden" data-testid="planning-agenda">
            {days.filter((d) => byDay.has(dayKey(d))).length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-500">{interventions.isLoading ? L.loading : L.empty}</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {days
                  .filter((d) => byDay.has(dayKey(d)))
                  .map((d) => (
                    <li key={dayKey(d)}>
                      <h3 className="mb-1 text-sm font-semibold capitalize text-slate-700">
                        {format(d, 'EEEE d MMMM', { locale: fr })}
                      </h3>
                      <div className="flex flex-col gap-1 [&_a]:flex [&_a]:min-h-11 [&_a]:gap-1 [&_a]:items-center [&_a]:text-sm">
                        {events(byDay.get(dayKey(d)), false)}
                      </div>
                    </li>
                  ))}
              </ol>
            )}
          </div>
        </>
      )}
      {replanning && <RescheduleDialog intervention={replanning} onClose={() => setReplanning(null)} />}
    </div>
  );
}
