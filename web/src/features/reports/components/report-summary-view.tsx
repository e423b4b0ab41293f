import { formatHours } from '@gmao/domain/dashboard/performance-schemas';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@gmao/domain/format/format';
import { statutLabel } from '@gmao/domain/interventions/status';
import type { ReportSummary } from '@gmao/domain/reports/report-schemas';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';

function Figure({
  label,
  value,
  hint,
  money = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  /** Amounts in MAD are long: a smaller size until the cards are wide enough. */
  money?: boolean;
}) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className={`mt-1 font-bold tabular-nums text-slate-900 ${money ? 'text-xl xl:text-2xl' : 'text-2xl'}`}>
        {value}
      </dd>
      {hint && <dd className="mt-1 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

/** The preview of the report: counts, durations and costs (MAD) of the selection, and the status breakdown. */
export function ReportSummaryView({ summary, actions }: { summary: ReportSummary; actions?: ReactNode }) {
  const { counts, durations, costs, filter } = summary;
  const scope = [filter.client?.nom, filter.equipement?.nom, filter.technician?.nom].filter(Boolean).join(' · ');
  return (
    <section aria-labelledby="report-preview-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="report-preview-title" className="text-lg font-semibold text-slate-900">
            Aperçu du rapport
          </h2>
          <p className="text-sm text-slate-600">
            Du {formatDate(filter.dateFrom)} au {formatDate(filter.dateTo)}
            {scope ? ` — ${scope}` : ' — toutes les interventions'}
          </p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {counts.total === 0 ? (
        <EmptyState
          title="Aucune intervention sur cette période"
          description="Aucune intervention ne correspond à la période et aux critères choisis. Élargissez la période ou retirez un filtre."
        />
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Figure
              label="Interventions"
              value={formatNumber(counts.total)}
              hint={`${formatNumber(summary.equipmentCount)} équipement(s), ${formatNumber(summary.clientCount)} client(s)`}
            />
            <Figure
              label="Terminées"
              value={formatNumber(counts.completed)}
              hint={`Taux de réalisation ${formatPercent(summary.completionRate)}`}
            />
            <Figure
              label="Ouvertes"
              value={formatNumber(counts.open)}
              hint={`${formatNumber(counts.urgent)} urgente(s), ${formatNumber(counts.overdue)} en retard`}
            />
            <Figure
              label="Temps moyen de réparation"
              value={formatHours(durations.mttrHours)}
              hint={`Démarrage ${formatHours(durations.meanTimeToStartHours)} · total ${formatHours(durations.totalRepairHours)}`}
            />
          </dl>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Figure
              label="Coût estimé total"
              value={formatCurrency(costs.total)}
              hint="Coût des équipements concernés"
              money
            />
            <Figure label="Coût moyen par intervention" value={formatCurrency(costs.average)} money />
            <Figure label="Valeur des équipements" value={formatCurrency(costs.equipmentValue)} money />
          </dl>
          {counts.total > 0 && (
            <table className="min-w-[20rem] divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
              <caption className="py-2 text-left font-medium text-slate-700">Répartition par statut</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-4 py-2 text-left">
                    Statut
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    Nombre
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {Object.entries(counts.byStatus).map(([s, n]) => (
                  <tr key={s}>
                    <td className="px-4 py-2">{statutLabel(s)}</td>
                    <td className="px-4 py-2 text-right">{formatNumber(n)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
