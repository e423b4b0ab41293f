import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import { ShieldAlert } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge';

/**
 * « Habilitation expirée » (issue 34): the assigned technician's required habilitation or medical fitness ends before
 * the planned day. The title (and the screen reader's text) names what expired.
 */
export function ExpiredHabilitationBadge({ reasons }: { reasons: readonly string[] | null | undefined }) {
  if (!reasons || reasons.length === 0) return null;
  const title = M.expiredBadgeTitle(reasons);
  return (
    <span title={title} data-testid="habilitation-expiree">
      <Badge tone="red" className="whitespace-normal">
        <ShieldAlert className="h-3 w-3" aria-hidden="true" />
        {M.expiredBadge}
        <span className="sr-only"> — {title}</span>
      </Badge>
    </span>
  );
}
