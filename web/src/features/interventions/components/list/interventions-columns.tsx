import { formatDate, TRUNCATE_INTERVENTION_LIST, truncate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { formatDureePrevue, formatWallClock, SCHEDULE_LABELS } from '@gmao/domain/interventions/schedule-schemas';
import type { DataTableColumn } from '../../../../components/ui/data-table';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { ReviewBadge } from '../review/review-badge';
import { SlaBadge } from '../sla/sla-badge';

/** The interventions list's columns (the selection column, when there is one, comes first). */
export const interventionColumns: DataTableColumn<Intervention>[] = [
  {
    key: 'equipement',
    header: 'Équipement',
    render: (r) => (
      <div>
        <p className="font-medium text-slate-900">{r.equipement.nom}</p>
        <p className="text-xs text-slate-500">{r.equipement.proprietaire.nom_entreprise}</p>
      </div>
    ),
  },
  {
    key: 'description',
    header: 'Description',
    render: (r) => (
      <span title={r.description ?? undefined}>{truncate(r.description, TRUNCATE_INTERVENTION_LIST) || '-'}</span>
    ),
  },
  {
    key: 'statut',
    header: 'Statut',
    render: (r) => (
      <span className="inline-flex flex-wrap items-center gap-1">
        <StatusBadge statut={r.statut} urgence={r.urgence} />
        <ReviewBadge status={r.reviewStatus} />
        <SlaBadge sla={r.sla} />
      </span>
    ),
  },
  { key: 'date', header: 'Date', render: (r) => formatDate(r.date) },
  {
    key: 'plannedAt',
    header: SCHEDULE_LABELS.column,
    render: (r) =>
      r.plannedWallClock ? (
        <div>
          <p>{formatWallClock(r.plannedWallClock)}</p>
          {r.dureePrevue ? <p className="text-xs text-slate-500">{formatDureePrevue(r.dureePrevue)}</p> : null}
        </div>
      ) : (
        '-'
      ),
  },
  { key: 'technician', header: 'Technicien', render: (r) => r.technician?.nom ?? 'Non assigné' },
  { key: 'creerPar', header: 'Créé par', render: (r) => r.creerPar?.nom ?? '-' },
];
