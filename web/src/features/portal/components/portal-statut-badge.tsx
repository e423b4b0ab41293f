import { PORTAL_STATUT_LABELS, type PortalStatut } from '@gmao/domain/portal/portal-schemas';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES = {
  PLANIFIEE: 'blue',
  EN_COURS: 'yellow',
  ATTENTE_PIECES: 'orange',
  TERMINEE: 'green',
  ANNULEE: 'gray',
} as const satisfies Record<PortalStatut, BadgeTone>;

export function PortalStatutBadge({ statut }: { statut: PortalStatut }) {
  return <Badge tone={TONES[statut]}>{PORTAL_STATUT_LABELS[statut]}</Badge>;
}
