import { formatDate, TRUNCATE_INTERVENTION_LIST, truncate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { formatDureePrevue, formatWallClock, SCHEDULE_LABELS } from '@gmao/domain/interventions/schedule-schemas';
import type { DataTableColumn } from '../../../../components/ui/data-table';
import { QueuedStatusBadge } from '../../../../components/ui/queued-status-badge';
import { ReviewBadge } from '../review/review-badge';
import { SlaBadge } from '../sla/sla-badge';
import { ExpiredHabilitationBadge } from '../workflow/expired-habilitation-badge';

/** The interventions list's columns (the selection column, when there is one, comes first). */
export const interventionColumns: DataTableColumn<Intervention>[] = [
  {
    key: 'equipement',
    header: 'Équipement',
    className: 'w-[17%]',
    render: (r) => (
      <div>
        <p className="line-clamp-2 font-medium text-slate-900" title={r.equipement.nom}>
          {r.equipement.nom}
        </p>
        <p className="truncate text-xs text-slate-500" title={r.equipement.proprietaire.nom_entreprise}>
          {r.equipement.proprietaire.nom_entreprise}
        </p>
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
    className: 'w-[12%]',
    render: (r) => (
      <span className="flex min-w-0 flex-wrap items-center gap-1">
        <QueuedStatusBadge id={r.id} statut={r.statut} urgence={r.urgence} />
        <ReviewBadge status={r.reviewStatus} />
        <SlaBadge sla={r.sla} />
        <ExpiredHabilitationBadge reasons={r.habilitation_expiree} />
      </span>
    ),
  },
  {
    // The date, and under it the planned time when there is one: one column where there were two, so the table fits
    // a 1366 px office screen (issue 30 item 6: 1184 px in a 1060 px container, its actions behind a sideways scroll).
    key: 'date',
    header: 'Date',
    className: 'w-[10%]',
    render: (r) => (
      <div>
        <p>{formatDate(r.date)}</p>
        {r.plannedWallClock ? (
          <p className="text-xs text-slate-500">
            {r.plannedWallClock.date === r.date
              ? SCHEDULE_LABELS.plannedAt(r.plannedWallClock.time)
              : `${SCHEDULE_LABELS.column} ${formatWallClock(r.plannedWallClock)}`}
            {r.dureePrevue ? ` (${formatDureePrevue(r.dureePrevue)})` : ''}
          </p>
        ) : null}
      </div>
    ),
  },
  { key: 'technician', header: 'Technicien', className: 'w-[10%]', render: (r) => r.technician?.nom ?? 'Non assigné' },
  { key: 'creerPar', header: 'Créé par', className: 'w-[9%]', render: (r) => r.creerPar?.nom ?? '-' },
];
