import { type titleState, HABILITATION_UI as U } from '@gmao/domain/habilitations/habilitation-schemas';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const LOOK = {
  expired: { tone: 'red', label: U.expired },
  soon: { tone: 'orange', label: U.expiringSoon },
  notYet: { tone: 'gray', label: U.notYetValid },
  valid: { tone: 'green', label: U.valid },
} as const satisfies Record<ReturnType<typeof titleState>, { tone: BadgeTone; label: string }>;

/** Valide / Expire bientôt (90 days) / Expiré / Pas encore valable, as the server judged it on its today. */
export function TitleStateBadge({ title }: { title: { etat: ReturnType<typeof titleState> } }) {
  const look = LOOK[title.etat];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

export const symbolLabel = (t: { symbole: string; attribut: string | null }) =>
  t.attribut ? `${t.symbole} ${t.attribut}` : t.symbole;
