import { formatDateTime } from '@gmao/domain/format/format';
import type { Workflow } from '@gmao/domain/interventions/intervention-schemas';
import { type PhaseDisplay, phaseDisplays } from '@gmao/domain/interventions/phases';
import { CheckCircle2, Circle, Loader2 } from 'lucide-react';

const STYLES: Record<PhaseDisplay, { icon: typeof Circle; className: string }> = {
  Terminé: { icon: CheckCircle2, className: 'text-green-700 bg-green-50 border-green-200' },
  'En cours': { icon: Loader2, className: 'text-blue-700 bg-blue-50 border-blue-200' },
  'En attente': { icon: Circle, className: 'text-slate-500 bg-slate-50 border-slate-200' },
};

/** Workflow progression: each phase 'Terminé', 'En cours' (first not completed) or 'En attente' (spec §4). */
export function WorkflowProgress({ workflow }: { workflow: Workflow }) {
  const phases = workflow.phases as Record<string, Workflow['phases'][keyof Workflow['phases']]>;
  return (
    <ol aria-label="Progression du workflow" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      {phaseDisplays(phases, workflow.phaseOrder).map(({ phase, display }, index) => {
        const { icon: Icon, className } = STYLES[display];
        const state = phases[phase];
        return (
          <li
            key={phase}
            data-phase={phase}
            data-state={display}
            className={`rounded-lg border p-3 text-sm ${className}`}
          >
            <div className="flex items-center gap-2 font-medium">
              <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span>
                {index + 1}. {state?.label ?? phase}
              </span>
            </div>
            <p className="mt-1 text-xs font-semibold">{display}</p>
            {state?.completedAt && <p className="text-xs">{formatDateTime(state.completedAt)}</p>}
          </li>
        );
      })}
    </ol>
  );
}
