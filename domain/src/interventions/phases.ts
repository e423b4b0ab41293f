import type { Statut } from './status.ts';

/**
 * Workflow phases shown by the detail view. Nothing is stored: a phase is completed when the intervention's status
 * has reached it (status rank below); the time it was reached comes from the status history. A cancelled
 * intervention keeps the progress of the status it was cancelled from, and its closure is completed.
 */
export const PHASES = ['planification', 'preparation', 'execution', 'cloture'] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_LABELS = {
  planification: 'Planification',
  preparation: 'Préparation et pièces de rechange',
  execution: 'Exécution des travaux',
  cloture: 'Clôture',
} as const satisfies Record<Phase, string>;

/** How far each status has taken the work; ANNULEE is resolved from the history. */
const RANK: Record<Exclude<Statut, 'ANNULEE'>, number> = {
  PLANIFIEE: 0,
  EN_ATTENTE_PDR: 1,
  EN_COURS: 2,
  EN_PAUSE: 2,
  ECHEC: 3,
  TERMINEE: 4,
};
/** Rank at or above which each phase is completed. */
const THRESHOLD: Record<Phase, number> = { planification: 1, preparation: 2, execution: 3, cloture: 4 };

export interface PhaseState {
  completed: boolean;
  label: string;
  /** When the phase was last completed (ISO), from the history; null when not completed or unknown. */
  completedAt: string | null;
}

export interface HistoryStep {
  fromStatut: string | null;
  toStatut: string | null;
  createdAt: string;
}

function completedPhases(statut: Statut, previous: Statut | null): Set<Phase> {
  if (statut === 'ANNULEE') {
    const base = previous && previous !== 'ANNULEE' ? RANK[previous] : 0;
    const done = new Set(PHASES.filter((p) => p !== 'cloture' && base >= THRESHOLD[p]));
    done.add('cloture');
    return done;
  }
  return new Set(PHASES.filter((p) => RANK[statut] >= THRESHOLD[p]));
}

/** Phases of an intervention at `statut`, given its status history (any order). */
export function derivePhases(statut: Statut, history: readonly HistoryStep[]): Record<Phase, PhaseState> {
  const steps = history
    .filter((h) => h.toStatut)
    .slice()
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const at: Record<Phase, string | null> = { planification: null, preparation: null, execution: null, cloture: null };
  let done = new Set<Phase>();
  let prev: Statut | null = null;
  for (const step of steps) {
    const to = step.toStatut as Statut;
    const next = completedPhases(to, prev);
    for (const p of PHASES) if (next.has(p) && !done.has(p)) at[p] = step.createdAt;
    for (const p of PHASES) if (!next.has(p)) at[p] = null;
    done = next;
    prev = to;
  }
  const lastFrom = steps.length > 0 ? (steps[steps.length - 1].fromStatut as Statut | null) : null;
  const final = completedPhases(statut, statut === 'ANNULEE' ? lastFrom : null);
  const result = {} as Record<Phase, PhaseState>;
  for (const p of PHASES) {
    result[p] = { completed: final.has(p), label: PHASE_LABELS[p], completedAt: final.has(p) ? at[p] : null };
  }
  return result;
}

export type PhaseDisplay = 'Terminé' | 'En cours' | 'En attente';

/** Spec §4: completed 'Terminé'; the first phase not completed 'En cours'; otherwise 'En attente'. */
export function phaseDisplays(phases: Record<string, { completed: boolean }>, order: readonly string[] = PHASES) {
  const firstOpen = order.find((p) => !phases[p]?.completed);
  return order.map((p) => ({
    phase: p,
    display: (phases[p]?.completed ? 'Terminé' : p === firstOpen ? 'En cours' : 'En attente') as PhaseDisplay,
  }));
}

/** What to do next, in French, for the detail view. */
export function nextActions(statut: Statut, opts: { urgent?: boolean; overdue?: boolean } = {}): string[] {
  const base: Record<Statut, string[]> = {
    PLANIFIEE: [
      'Vérifier la disponibilité des pièces de rechange',
      'Affecter un technicien et confirmer la date',
      "Démarrer l'intervention sur site",
    ],
    EN_ATTENTE_PDR: [
      'Suivre la commande des pièces de rechange (PDR)',
      "Démarrer l'intervention dès réception des pièces",
    ],
    EN_COURS: [
      'Réaliser les travaux et consigner les observations',
      'Mettre en pause en cas d’interruption',
      "Terminer l'intervention une fois les essais validés",
    ],
    EN_PAUSE: ["Reprendre l'intervention", 'Passer en attente de pièces si des pièces manquent'],
    TERMINEE: ["Télécharger le rapport d'intervention", 'Informer le client de la fin des travaux'],
    ANNULEE: ['Aucune action requise : intervention annulée', 'Replanifier si le besoin réapparaît'],
    ECHEC: ["Analyser la cause de l'échec", "Replanifier l'intervention"],
  };
  const list = [...base[statut]];
  const open = statut !== 'TERMINEE' && statut !== 'ANNULEE' && statut !== 'ECHEC';
  if (open && opts.overdue) list.unshift('Intervention en retard : la traiter en priorité');
  if (open && opts.urgent) list.unshift('Intervention urgente : à traiter en priorité');
  return list;
}
