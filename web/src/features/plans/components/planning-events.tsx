import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import { PLANNING_LABELS as L } from '@gmao/domain/plans/planning-labels';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { interventionPath } from '../../../lib/paths';
import type { VirtualOccurrence } from '../api/planning';

/** Done in green, called off struck through, the rest (to do, under way) in blue. */
const TONE: Record<string, string> = {
  default: 'border-blue-300 bg-blue-50 text-blue-900 hover:bg-blue-100',
  TERMINEE: 'border-green-300 bg-green-50 text-green-900 hover:bg-green-100',
  ANNULEE: 'border-slate-300 bg-slate-100 text-slate-600 line-through',
  ECHEC: 'border-red-300 bg-red-50 text-red-900 line-through',
};

/**
 * One intervention: a link to its detail (focusable, named by its time, equipment, client and state), draggable to
 * another day where it may move, with a « Replanifier » button beside it as the single-pointer alternative (WCAG 2.2
 * SC 2.5.7): an icon on the desktop grid (44×44 under a coarse pointer), a labelled 44×44 button in the phone's list.
 */
export function InterventionEvent({
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
  const time = intervention.plannedWallClock?.time ?? L.allDay;
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
      <span className="font-medium" title={intervention.plannedWallClock ? undefined : L.allDayTitle}>
        {time}
      </span>{' '}
      {`${intervention.equipement.nom} `}
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
        aria-label={(intervention.plannedWallClock ? L.rescheduleOf : L.planOf)(intervention.equipement.nom)}
        title={intervention.plannedWallClock ? L.reschedule : L.plan}
        data-testid={`planning-reschedule-${intervention.id}`}
        className={`inline-flex shrink-0 items-center justify-center gap-1 rounded border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
          compact ? 'h-6 w-6 pointer-coarse:h-11 pointer-coarse:w-11' : 'min-h-11 min-w-11 px-3 text-sm'
        }`}
      >
        <CalendarClock className="h-3.5 w-3.5" aria-hidden="true" />
        {!compact && <span>{intervention.plannedWallClock ? L.reschedule : L.plan}</span>}
      </button>
    </div>
  );
}

export function OccurrenceEvent({ occurrence }: { occurrence: VirtualOccurrence }) {
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
