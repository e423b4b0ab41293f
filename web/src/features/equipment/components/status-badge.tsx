import { STATUT, statutLabel, URGENT_BADGE } from '@gmao/domain/interventions/status';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<string, BadgeTone> = {
  [STATUT.PLANIFIEE]: 'blue',
  [STATUT.EN_ATTENTE_PDR]: 'orange',
  [STATUT.EN_COURS]: 'yellow',
  [STATUT.EN_PAUSE]: 'purple',
  [STATUT.TERMINEE]: 'green',
  [STATUT.ANNULEE]: 'gray',
  [STATUT.ECHEC]: 'red',
};

/** An intervention status with its label (spec §4), plus the URGENT badge when urgent. */
export function StatusBadge({ statut, urgent = false }: { statut: string | null; urgent?: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={(statut && TONES[statut]) || 'gray'}>{statutLabel(statut)}</Badge>
      {urgent && <Badge tone="red">{URGENT_BADGE}</Badge>}
    </span>
  );
}
