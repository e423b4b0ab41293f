import { isStatut, type Statut, statutLabel, URGENT_BADGE } from '@gmao/domain/interventions/status';
import { Badge, type BadgeTone } from './badge';

const TONES = {
  PLANIFIEE: 'blue',
  EN_ATTENTE_PDR: 'orange',
  EN_COURS: 'yellow',
  EN_PAUSE: 'purple',
  TERMINEE: 'green',
  ANNULEE: 'gray',
  ECHEC: 'red',
} as const satisfies Record<Statut, BadgeTone>;

/**
 * The one intervention-status badge (dashboard, equipment, interventions): the label (spec §4) plus the URGENT badge.
 * Takes any string: a stored status outside the workflow table is shown as is, an empty one as 'Inconnu'.
 */
export function StatusBadge({ statut, urgence = false }: { statut: string | null; urgence?: boolean }) {
  return (
    <span className="inline-flex min-w-0 max-w-full flex-wrap items-center gap-1">
      <Badge tone={statut && isStatut(statut) ? TONES[statut] : 'gray'}>{statutLabel(statut)}</Badge>
      {urgence && <Badge tone="red">{URGENT_BADGE}</Badge>}
    </span>
  );
}
