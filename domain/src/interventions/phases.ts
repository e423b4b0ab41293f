import { isOpen } from './predicates.ts';
import type { Statut } from './status.ts';

/**
 * Workflow phases shown by the detail view. Nothing is stored: a phase is completed when the intervention's status
 * has reached it (status rank below); the time it was reached comes from the status history. A cancelled
 * intervention keeps the progress of the status it was cancelled from, and its closure is completed.
 * The work records complete phases ahead of the status: a planification record completes 'planification'; a
 * diagnostic, once planned and not waiting for parts (EN_ATTENTE_PDR), completes 'preparation'.
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

/** The current work records, as far as phases and next actions need them. */
export interface PhaseRecords {
  planification?: { updatedAt: string } | null;
  diagnostic?: { updatedAt: string } | null;
  controleQualite?: { resultat: string; updatedAt: string } | null;
  technicianAssigned?: boolean;
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

/** Phases completed by the records although the status has not reached them yet, with the record's date. */
function recordPhases(statut: Statut, statusDone: Set<Phase>, records: PhaseRecords): Map<Phase, string> {
  const extra = new Map<Phase, string>();
  if (records.planification && !statusDone.has('planification')) {
    extra.set('planification', records.planification.updatedAt);
  }
  const planned = statusDone.has('planification') || extra.has('planification');
  if (records.diagnostic && planned && statut !== 'EN_ATTENTE_PDR' && !statusDone.has('preparation')) {
    const planAt = extra.get('planification') ?? '';
    // ISO strings: the later of the two dates
    const at = [records.diagnostic.updatedAt, planAt].sort().at(-1) ?? planAt;
    extra.set('preparation', at);
  }
  return extra;
}

/** Phases of an intervention at `statut`, given its status history (any order) and its current records. */
export function derivePhases(
  statut: Statut,
  history: readonly HistoryStep[],
  records: PhaseRecords = {},
): Record<Phase, PhaseState> {
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
  const lastFrom = (steps.at(-1)?.fromStatut ?? null) as Statut | null;
  const final = completedPhases(statut, statut === 'ANNULEE' ? lastFrom : null);
  const byRecord = recordPhases(statut, final, records);
  const result = {} as Record<Phase, PhaseState>;
  for (const p of PHASES) {
    const recordAt = byRecord.get(p);
    if (recordAt !== undefined) result[p] = { completed: true, label: PHASE_LABELS[p], completedAt: recordAt };
    else result[p] = { completed: final.has(p), label: PHASE_LABELS[p], completedAt: final.has(p) ? at[p] : null };
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

/** What to do next, in French, for the detail view; `records` (when known) make the list precise. */
export function nextActions(
  statut: Statut,
  opts: { urgent?: boolean; overdue?: boolean; records?: PhaseRecords } = {},
): string[] {
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
  const list = opts.records ? recordActions(statut, base[statut], opts.records) : [...base[statut]];
  const open = isOpen(statut);
  if (open && opts.overdue) list.unshift('Intervention en retard : la traiter en priorité');
  if (open && opts.urgent) list.unshift('Intervention urgente : à traiter en priorité');
  return list;
}

/** The base list adjusted to what the records say is done or missing. */
function recordActions(statut: Statut, base: string[], r: PhaseRecords): string[] {
  if (statut === 'PLANIFIEE') {
    const list: string[] = [];
    if (!r.diagnostic) list.push('Établir le diagnostic (constat, causes, actions recommandées)');
    if (!r.technicianAssigned) list.push('Affecter un technicien');
    if (!r.planification) list.push('Planifier la date prévue et la durée estimée');
    list.push('Vérifier la disponibilité des pièces de rechange', "Démarrer l'intervention sur site");
    return list;
  }
  if (statut === 'TERMINEE') {
    const qc = r.controleQualite?.resultat;
    if (!qc) return ['Effectuer le contrôle qualité', ...base];
    if (qc === 'NON_CONFORME') {
      return ['Contrôle qualité non conforme : replanifier une reprise des travaux', ...base];
    }
  }
  if ((statut === 'EN_COURS' || statut === 'EN_PAUSE') && !r.technicianAssigned) {
    return [...base, 'Affecter le technicien qui réalise les travaux'];
  }
  return [...base];
}
