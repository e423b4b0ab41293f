import { type Statut, statutLabel, URGENT_BADGE } from '@gmao/domain/interventions/status';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<Statut, BadgeTone> = {
  PLANIFIEE: 'blue',
  EN_ATTENTE_PDR: 'orange',
  EN_COURS: 'yellow',
  EN_PAUSE: 'purple',
  TERMINEE: 'green',
  ANNULEE: 'gray',
  ECHEC: 'red',
};

/** Status label (spec §4) followed by the URGENT badge when the intervention is urgent. */
export function StatutBadge({ statut, urgence }: { statut: string; urgence?: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={TONES[statut as Statut] ?? 'gray'}>{statutLabel(statut)}</Badge>
      {urgence && <Badge tone="red">{URGENT_BADGE}</Badge>}
    </span>
  );
}
