import { hasPermission, PERMISSIONS, type PermissionHolder } from '../auth/permissions.ts';
import type { ReviewStatus } from './review-schemas.ts';
import { isStatut, STATUTS, type Statut, statutLabel } from './status.ts';

/**
 * The intervention workflow, enforced by the server and mirrored by the UI (ARCHITECTURE.md "Intervention workflow").
 *
 * - The spec's buttons: PLANIFIEE→EN_COURS (Démarrer), EN_COURS→EN_PAUSE (Mettre en Pause), EN_COURS→TERMINEE
 *   (Terminer), EN_PAUSE→EN_COURS (Reprendre).
 * - The 'Changer Statut' cycle: PLANIFIEE→EN_COURS, EN_COURS→TERMINEE, any other status→PLANIFIEE (replanning,
 *   reopening a finished, cancelled or failed intervention).
 * - Maintenance moves: waiting for spare parts (EN_ATTENTE_PDR) from any not-yet-finished work, and back to work
 *   or to planning when they arrive; cancelling (ANNULEE) any open intervention; failure (ECHEC) of started work.
 * A status never "moves" to itself.
 */
export const TRANSITIONS = {
  PLANIFIEE: ['EN_COURS', 'EN_ATTENTE_PDR', 'ANNULEE'],
  EN_ATTENTE_PDR: ['EN_COURS', 'PLANIFIEE', 'ANNULEE'],
  EN_COURS: ['EN_PAUSE', 'TERMINEE', 'EN_ATTENTE_PDR', 'ECHEC', 'ANNULEE'],
  EN_PAUSE: ['EN_COURS', 'PLANIFIEE', 'EN_ATTENTE_PDR', 'ECHEC', 'ANNULEE'],
  TERMINEE: ['PLANIFIEE'],
  ANNULEE: ['PLANIFIEE'],
  ECHEC: ['PLANIFIEE'],
} as const satisfies Record<Statut, readonly Statut[]>;

export function allowedTransitions(from: Statut): Statut[] {
  return [...TRANSITIONS[from]];
}

export function canTransition(from: Statut, to: Statut): boolean;
export function canTransition(from: string, to: string): boolean;
export function canTransition(from: string, to: string): boolean {
  // A status outside the table (legacy data) may only be replanned.
  if (!isStatut(from)) return to === 'PLANIFIEE';
  return isStatut(to) && (TRANSITIONS[from] as readonly Statut[]).includes(to);
}

/**
 * Waiting for spare parts (EN_ATTENTE_PDR) needs an open part request: entering it without one is refused, by a
 * status change and at creation alike (`from` null: a new intervention has no request yet).
 */
export function waitingNeedsPartRequest(from: Statut | null, to: Statut, openRequests: number): boolean {
  return to === 'EN_ATTENTE_PDR' && from !== 'EN_ATTENTE_PDR' && openRequests === 0;
}

export const WORKFLOW_MESSAGES = {
  transitionRefused: (from: string, to: string) =>
    `Transition non autorisée : une intervention « ${statutLabel(from)} » ne peut pas passer au statut « ${statutLabel(to)} »`,
  notFound: 'Intervention introuvable',
  equipmentNotFound: "L'équipement sélectionné n'existe pas",
  clientMismatch: "Le client doit être le propriétaire de l'équipement",
  noteAdded: 'Note ajoutée avec succès',
  updated: 'Intervention mise à jour avec succès',
} as const;

/** 'Changer Statut' in the list (spec §4): PLANIFIEE→EN_COURS, EN_COURS→TERMINEE, any other→PLANIFIEE. */
export function nextCycleStatut(from: Statut): Statut {
  if (from === 'PLANIFIEE') return 'EN_COURS';
  if (from === 'EN_COURS') return 'TERMINEE';
  return 'PLANIFIEE';
}

export interface WorkflowAction {
  statut: Statut;
  label: string;
  /** The spec's buttons; secondary actions are the maintenance moves shown apart. */
  primary: boolean;
}

const PRIMARY_ACTIONS: Record<Statut, { statut: Statut; label: string }[]> = {
  PLANIFIEE: [{ statut: 'EN_COURS', label: 'Démarrer' }],
  EN_ATTENTE_PDR: [{ statut: 'EN_COURS', label: 'Démarrer' }],
  EN_COURS: [
    { statut: 'EN_PAUSE', label: 'Mettre en Pause' },
    { statut: 'TERMINEE', label: 'Terminer' },
  ],
  EN_PAUSE: [{ statut: 'EN_COURS', label: 'Reprendre' }],
  TERMINEE: [],
  ANNULEE: [],
  ECHEC: [{ statut: 'PLANIFIEE', label: 'Replanifier' }],
};

const SECONDARY_LABELS: Partial<Record<Statut, string>> = {
  EN_ATTENTE_PDR: 'En attente de pièces (PDR)',
  ECHEC: 'Déclarer un échec',
  ANNULEE: "Annuler l'intervention",
  PLANIFIEE: 'Replanifier',
};

/** Buttons of the detail view (none when TERMINEE or ANNULEE, spec §4), each a move the table allows. */
export function detailActions(statut: Statut): WorkflowAction[] {
  if (statut === 'TERMINEE' || statut === 'ANNULEE') return [];
  const primary = PRIMARY_ACTIONS[statut].map((a) => ({ ...a, primary: true }));
  const taken = new Set(primary.map((a) => a.statut));
  const secondary = allowedTransitions(statut)
    .filter((to) => !taken.has(to) && SECONDARY_LABELS[to])
    .map((to) => ({ statut: to, label: SECONDARY_LABELS[to] as string, primary: false }));
  return [...primary, ...secondary];
}

/** Statuses offered by the edit form: the spec's form statuses that are reachable, plus the current one. */
export function formStatutOptions(current: Statut, formStatuts: readonly Statut[]): Statut[] {
  return STATUTS.filter((s) => s === current || (formStatuts.includes(s) && canTransition(current, s)));
}

/**
 * Undo of a status change (issue 14: the 'Annuler' of the success toast). The user who made the change may put the
 * previous status back within UNDO_WINDOW_SECONDS, even when the workflow has no such transition (EN_COURS back to
 * PLANIFIEE), as long as nothing changed the status meanwhile. The toast offers it for UNDO_TOAST_SECONDS; the
 * server's window adds a margin for the request.
 */
export const UNDO_TOAST_SECONDS = 10;
export const UNDO_WINDOW_SECONDS = 20;
export const UNDO_MESSAGES = {
  undo: 'Annuler',
  undone: (label: string) => `Statut rétabli : ${label}`,
  refused: 'Ce changement de statut ne peut plus être annulé (délai dépassé, ou le statut a changé depuis)',
  historyNote: 'Annulation du changement de statut',
  cyclePreview: (label: string) => `→ ${label}`,
} as const;

/**
 * Reopening a finished intervention (issue 30): any move out of TERMINEE. It needs a motif (400 without one), and
 * an approved intervention may be reopened only by a holder of interventions:approve (403). The server checks it in
 * applyStatusChange, behind every door (PUT /:id/status, PUT /bulk/status, PUT /:id, PUT /bulk, the sync batch);
 * the web asks for the motif in a confirmation before sending. An undo (the toast's 'Annuler') is not a reopening.
 */
export const REOPEN_MOTIF_MAX = 1000;
export const REOPEN_MESSAGES = {
  motifRequired: 'Le motif de la réouverture est requis pour rouvrir une intervention terminée',
  motifMax: `Le motif ne doit pas dépasser ${REOPEN_MOTIF_MAX} caractères`,
  approvedRefused:
    'Cette intervention est approuvée : seul un utilisateur autorisé à valider les interventions peut la rouvrir',
  historyNote: (motif: string, note: string | null) => `Réouverture — motif : ${motif}${note ? ` — ${note}` : ''}`,
  reviewSuperseded: 'Réouverture',
  confirmTitle: 'Rouvrir une intervention terminée ?',
  confirmText: (to: string) =>
    `L'intervention quittera le statut « Terminée » pour « ${to} » : sa date de fin sera effacée et elle devra être de nouveau soumise pour validation. Son historique de validation est conservé.`,
  confirmApproved: "Elle est approuvée : sa validation restera visible dans l'historique.",
  motifLabel: 'Motif de la réouverture',
  motifPlaceholder: 'Pourquoi rouvrir cette intervention ?',
  confirm: 'Rouvrir',
  cancel: 'Annuler',
} as const;

/** A move out of TERMINEE (the undo of a change is not one: it puts back what was there). */
export function isReopening(from: string, to: string): boolean {
  return from === 'TERMINEE' && to !== 'TERMINEE';
}

/**
 * Why a reopening is refused, or null: 'motif' (no motif, 400) or 'forbidden' (approved and the user may not
 * approve, 403). Moves that are not a reopening are never refused here.
 */
export function reopenRefusal(
  user: PermissionHolder | null | undefined,
  move: { from: string; to: string; reviewStatus: ReviewStatus | null; motif: string | null | undefined },
): { kind: 'motif' | 'forbidden'; message: string } | null {
  if (!isReopening(move.from, move.to)) return null;
  if (move.reviewStatus === 'APPROUVEE' && !hasPermission(user, PERMISSIONS.INTERVENTIONS_APPROVE)) {
    return { kind: 'forbidden', message: REOPEN_MESSAGES.approvedRefused };
  }
  if (!move.motif?.trim()) return { kind: 'motif', message: REOPEN_MESSAGES.motifRequired };
  return null;
}
