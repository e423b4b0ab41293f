import { PLANNING_LABELS as L } from '@gmao/domain/plans/planning-labels';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import type { FilterChoice } from '../api/planning';
import type { View } from './planning-days';

/** The technician filter: '' everyone, 'me' the user's own work, or a technician's id. */
export const MINE = 'me';

/** Above the planning: previous / today / next, the period shown, month or week, the technician and client filters. */
export function PlanningToolbar({
  view,
  onViewChange,
  title,
  onMove,
  onToday,
  technician,
  onTechnicianChange,
  client,
  onClientChange,
  choices,
}: {
  view: View;
  onViewChange: (view: View) => void;
  title: string;
  /** One period back (-1) or forward (1). */
  onMove: (step: number) => void;
  onToday: () => void;
  technician: string;
  onTechnicianChange: (technician: string) => void;
  client: string;
  onClientChange: (client: string) => void;
  /**
   * The client filter shows for who may list the clients (clients:read), from the first render. Both filters have a
   * fixed width (the whole row on a phone): sized by their options, the technicians' select widened when the names
   * arrived and pushed the client filter to a new line, the calendar 80 px down.
   */
  choices: { technicians: FilterChoice[]; clients: FilterChoice[]; showClients?: boolean };
}) {
  // Labels point at their select: a wrapping label's text holds every option's, so « Client » matched a technician.
  const ids = useId();
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="flex items-center gap-1">
        <Button variant="secondary" size="sm" aria-label={L.previous} onClick={() => onMove(-1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="secondary" size="sm" onClick={onToday}>
          {L.today}
        </Button>
        <Button variant="secondary" size="sm" aria-label={L.next} onClick={() => onMove(1)}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <h2 className="min-w-40 text-lg font-semibold capitalize text-slate-900" data-testid="planning-period">
        {title}
      </h2>
      <fieldset className="flex gap-1" aria-label={L.view}>
        {(['month', 'week'] as const).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={view === v ? 'primary' : 'secondary'}
            aria-pressed={view === v}
            onClick={() => onViewChange(v)}
          >
            {v === 'month' ? L.month : L.week}
          </Button>
        ))}
      </fieldset>
      <div className="flex w-full flex-col text-sm text-slate-700 sm:w-56">
        <label htmlFor={`${ids}-technician`}>{L.technician}</label>
        <select
          id={`${ids}-technician`}
          className="mt-1 min-h-11 w-full truncate rounded-lg border border-slate-300 bg-white px-2 text-sm"
          value={technician}
          onChange={(e) => onTechnicianChange(e.target.value)}
        >
          <option value="">{L.allTechnicians}</option>
          <option value={MINE}>{L.mine}</option>
          {choices.technicians.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      {(choices.showClients ?? choices.clients.length > 0) && (
        <div className="flex w-full flex-col text-sm text-slate-700 sm:w-56">
          <label htmlFor={`${ids}-client`}>{L.client}</label>
          <select
            id={`${ids}-client`}
            className="mt-1 min-h-11 w-full truncate rounded-lg border border-slate-300 bg-white px-2 text-sm"
            value={client}
            onChange={(e) => onClientChange(e.target.value)}
          >
            <option value="">{L.allClients}</option>
            {choices.clients.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
