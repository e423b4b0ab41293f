/**
 * The fixed vocabularies of maintenance contracts and SLA clocks (issue 31; migration 0047 holds the same lists in
 * its CHECK constraints). No zod here: lists, labels and badges may read it without pulling zod.
 */

export const CONTRACT_TYPES = ['PREVENTIF', 'CURATIF', 'COMPLET'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  PREVENTIF: 'Préventif',
  CURATIF: 'Curatif',
  COMPLET: 'Complet',
};

/** The three guaranteed targets: response (assigned or acknowledged), arrival on site (EN_COURS), restoration (TERMINEE). */
export const SLA_CIBLES = ['PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT'] as const;
export type SlaCible = (typeof SLA_CIBLES)[number];
export const SLA_CIBLE_LABELS: Record<SlaCible, string> = {
  PRISE_EN_COMPTE: 'Prise en compte',
  SUR_SITE: 'Arrivée sur site',
  RETABLISSEMENT: 'Rétablissement',
};
/** Short names used in badges ("GTI dans 45 min", "GTR dépassée de 2 h 10"). */
export const SLA_CIBLE_SHORT: Record<SlaCible, string> = {
  PRISE_EN_COMPTE: 'Prise en compte',
  SUR_SITE: 'GTI',
  RETABLISSEMENT: 'GTR',
};

/** A clock's state; DEPASSE is terminal. */
export const SLA_ETATS = ['EN_COURS', 'EN_PAUSE', 'RESPECTE', 'DEPASSE'] as const;
export type SlaEtat = (typeof SLA_ETATS)[number];

/**
 * Which intervention statuses may pause a contract's clocks, and under which condition:
 * TOUJOURS — whenever the intervention is in that status;
 * PIECES_CLIENT — EN_ATTENTE_PDR while an open part request says the client supplies the parts
 *   (part_requests.fourni_par_client);
 * ATTENTE_CLIENT — EN_PAUSE with the reason "attente client" (interventions.pause_motif = 'ATTENTE_CLIENT').
 */
export const PAUSE_STATUTS = ['PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE'] as const;
export type PauseStatut = (typeof PAUSE_STATUTS)[number];
export const PAUSE_CONDITIONS = ['TOUJOURS', 'PIECES_CLIENT', 'ATTENTE_CLIENT'] as const;
export type PauseCondition = (typeof PAUSE_CONDITIONS)[number];
export const PAUSE_CONDITION_LABELS: Record<PauseCondition, string> = {
  TOUJOURS: 'Toujours',
  PIECES_CLIENT: 'Pièces fournies par le client',
  ATTENTE_CLIENT: 'Motif « attente client »',
};
/** The reasons an intervention may be paused with (interventions.pause_motif). */
export const PAUSE_MOTIFS = ['ATTENTE_CLIENT', 'AUTRE'] as const;
export type PauseMotif = (typeof PAUSE_MOTIFS)[number];
export const PAUSE_MOTIF_LABELS: Record<PauseMotif, string> = {
  ATTENTE_CLIENT: 'Attente client',
  AUTRE: 'Autre',
};

export interface PauseRule {
  statut: PauseStatut;
  condition: PauseCondition;
}
/** The default pause rules of a new contract (issue 31). */
export const DEFAULT_PAUSE_RULES: readonly PauseRule[] = [
  { statut: 'EN_ATTENTE_PDR', condition: 'PIECES_CLIENT' },
  { statut: 'EN_PAUSE', condition: 'ATTENTE_CLIENT' },
];

/** Expiry notices to administrators, days before date_fin. */
export const CONTRACT_EXPIRY_NOTICE_DAYS = [60, 30] as const;
/** "Expire bientôt" in the list: within the first notice. */
export const CONTRACT_EXPIRING_SOON_DAYS = 60;

/** The longest guaranteed time: 10 years of minutes (the CHECK of contract_guarantees.minutes). */
export const MAX_GUARANTEE_MINUTES = 5_256_000;
