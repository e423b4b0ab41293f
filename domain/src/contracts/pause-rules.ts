import type { PauseRule } from './contract-constants.ts';

/** What the clocks know of an intervention when they ask whether its contract pauses them. */
export interface PauseFacts {
  statut: string;
  /** interventions.pause_motif (EN_PAUSE's reason: 'ATTENTE_CLIENT', 'AUTRE' or null). */
  pauseMotif: string | null;
  /** An open part request of the intervention has part_requests.fourni_par_client. */
  clientSuppliesParts: boolean;
}

/**
 * Whether a contract version's pause rules pause the clocks of an intervention in this state: one rule of its status
 * whose condition holds (TOUJOURS always; PIECES_CLIENT while the client supplies the parts; ATTENTE_CLIENT while the
 * pause's reason is "attente client"). The one definition of the conditions, for the SLA job and any display.
 */
export function pauseApplies(rules: readonly PauseRule[], facts: PauseFacts): boolean {
  return rules.some(
    (r) =>
      r.statut === facts.statut &&
      (r.condition === 'TOUJOURS' ||
        (r.condition === 'PIECES_CLIENT' && facts.clientSuppliesParts) ||
        (r.condition === 'ATTENTE_CLIENT' && facts.pauseMotif === 'ATTENTE_CLIENT')),
  );
}
