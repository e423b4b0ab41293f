import { formatDate } from '@gmao/domain/format/format';
import { type InterventionSla, SLA_CIBLE_LABELS, SLA_ETAT_LABELS, slaBadge } from '@gmao/domain/sla/sla-clock';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';

const TONE: Record<'danger' | 'warning' | 'ok' | 'neutral', BadgeTone> = {
  danger: 'red',
  warning: 'orange',
  ok: 'green',
  neutral: 'gray',
};

/** The SLA badge (issue 31): text, not only colour ("GTR dépassée de 2 h 10", "GTI dans 45 min", "Hors contrat"). */
export function SlaBadge({ sla, now = new Date() }: { sla: InterventionSla | null | undefined; now?: Date }) {
  const badge = slaBadge(sla, now);
  if (!badge) return null;
  // may wrap in a narrow column ("GTR dépassée de 2 j 14 h" is wider than the list's status column)
  return (
    <Badge tone={TONE[badge.tone]} className="whitespace-normal">
      {badge.text}
    </Badge>
  );
}

/** The detail's targets: French name, deadline on Casablanca's wall clock as the server gives it, state. */
export function SlaTargets({ sla }: { sla: InterventionSla }) {
  if (sla.cibles.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm" aria-label="Délais garantis">
      {sla.cibles.map((c) => (
        <li key={c.cible} className="flex flex-wrap gap-x-2">
          <span className="text-slate-500">{SLA_CIBLE_LABELS[c.cible]}</span>
          <span className="font-medium text-slate-900">
            {c.echeance_locale
              ? `échéance ${formatDate(c.echeance_locale.date)} ${c.echeance_locale.time}`
              : 'sans échéance'}
          </span>
          <span className="text-slate-600">— {SLA_ETAT_LABELS[c.etat]}</span>
        </li>
      ))}
    </ul>
  );
}
