/** Intervention statuses (spec §4). The transition table lives in workflow.ts. */
export const STATUT = {
  PLANIFIEE: 'PLANIFIEE',
  EN_ATTENTE_PDR: 'EN_ATTENTE_PDR',
  EN_COURS: 'EN_COURS',
  EN_PAUSE: 'EN_PAUSE',
  TERMINEE: 'TERMINEE',
  ANNULEE: 'ANNULEE',
  ECHEC: 'ECHEC',
} as const;

export type Statut = (typeof STATUT)[keyof typeof STATUT];
export const STATUTS = Object.values(STATUT) as Statut[];

export const STATUT_LABELS = {
  PLANIFIEE: 'Planifiée',
  EN_ATTENTE_PDR: 'En Attente PDR',
  EN_COURS: 'En Cours',
  EN_PAUSE: 'En Pause',
  TERMINEE: 'Terminée',
  ANNULEE: 'Annulée',
  ECHEC: 'Échec',
} as const satisfies Record<Statut, string>;

/** Statuses offered by the intervention form and the status filter (spec §4). */
export const FORM_STATUTS: Statut[] = ['PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'TERMINEE'];
export const DEFAULT_STATUT: Statut = 'PLANIFIEE';

/** Closed statuses: no more work is expected. Everything else is "open". */
export const CLOSED_STATUTS: Statut[] = ['TERMINEE', 'ANNULEE', 'ECHEC'];
export const OPEN_STATUTS: Statut[] = STATUTS.filter((s) => !CLOSED_STATUTS.includes(s));

export function isStatut(value: unknown): value is Statut {
  return typeof value === 'string' && (STATUTS as string[]).includes(value);
}

/** Any other value is displayed as is, or 'Inconnu' when empty. */
export function statutLabel(value: string | null | undefined): string {
  if (!value) return 'Inconnu';
  return isStatut(value) ? STATUT_LABELS[value] : value;
}

export const URGENT_BADGE = 'URGENT';
