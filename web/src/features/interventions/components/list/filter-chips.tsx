import { MY_WORK_MESSAGES } from '@gmao/domain/dashboard/my-work-schemas';
import { SLA_FILTER_LABELS } from '@gmao/domain/sla/sla-clock';
import { X } from 'lucide-react';
import { type InterventionFilterValues, MINE } from './interventions-filters';

/** '2026-11-28' → '28/11/2026', as written (a wall-clock day: no time zone to apply). */
const dayText = (day: string) => day.split('-').reverse().join('/');

/** The filters a user did not type but the list opened with ("Mes interventions", "En retard"), each removable. */
export function FilterChips({
  filters,
  onChange,
}: {
  filters: InterventionFilterValues;
  onChange: (next: InterventionFilterValues) => void;
}) {
  const chips = [
    filters.technician === MINE && {
      label: MY_WORK_MESSAGES.filterChip,
      remove: MY_WORK_MESSAGES.removeFilter,
      clear: () => onChange({ ...filters, technician: '' }),
    },
    filters.overdue && {
      label: 'En retard',
      remove: 'Retirer le filtre « En retard »',
      clear: () => onChange({ ...filters, overdue: false }),
    },
    filters.open && {
      label: MY_WORK_MESSAGES.openChip,
      remove: `Retirer le filtre « ${MY_WORK_MESSAGES.openChip} »`,
      clear: () => onChange({ ...filters, open: false }),
    },
    filters.dueOn !== '' && {
      label: MY_WORK_MESSAGES.dueOnChip(dayText(filters.dueOn)),
      remove: `Retirer le filtre « ${MY_WORK_MESSAGES.dueOnChip(dayText(filters.dueOn))} »`,
      clear: () => onChange({ ...filters, dueOn: '' }),
    },
    filters.dueBefore !== '' && {
      label: MY_WORK_MESSAGES.dueBeforeChip(dayText(filters.dueBefore)),
      remove: `Retirer le filtre « ${MY_WORK_MESSAGES.dueBeforeChip(dayText(filters.dueBefore))} »`,
      clear: () => onChange({ ...filters, dueBefore: '' }),
    },
    // Issue 31: from the dashboard's "Délais garantis" card (?sla=A_RISQUE, ?sla=DEPASSE).
    filters.sla && {
      label: SLA_FILTER_LABELS[filters.sla],
      remove: `Retirer le filtre « ${SLA_FILTER_LABELS[filters.sla]} »`,
      clear: () => onChange({ ...filters, sla: '' }),
    },
    filters.urgence === 'true' && {
      label: 'Urgentes',
      remove: 'Retirer le filtre « Urgentes »',
      clear: () => onChange({ ...filters, urgence: '' }),
    },
  ].filter((c): c is { label: string; remove: string; clear: () => void } => !!c);
  if (chips.length === 0) return null;
  return (
    <ul className="mb-3 flex flex-wrap gap-2" aria-label="Filtres actifs">
      {chips.map((c) => (
        <li key={c.label}>
          <button
            type="button"
            onClick={c.clear}
            aria-label={c.remove}
            className="inline-flex min-h-11 items-center gap-1 rounded-full border border-blue-200 bg-blue-50 px-3 text-sm font-medium text-blue-800 hover:bg-blue-100 sm:min-h-8"
          >
            {c.label}
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
