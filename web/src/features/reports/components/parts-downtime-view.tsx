import { formatHours } from '@gmao/domain/dashboard/performance-schemas';
import { formatNumber, plural } from '@gmao/domain/format/format';
import { PARTS_DOWNTIME_LABELS as L, type PartDowntime } from '@gmao/domain/reports/report-schemas';

/** 'Pièces ayant immobilisé le plus longtemps' of the report's selection, longest first (issue 18). */
export function PartsDowntimeView({ rows }: { rows: PartDowntime[] }) {
  return (
    <section
      aria-labelledby="parts-downtime-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="parts-downtime-title" className="text-base font-semibold text-slate-900">
        {L.title}
      </h2>
      <p className="text-sm text-slate-500">{L.description}</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{L.empty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-1 font-semibold">
                  {L.reference}
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  {L.designation}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">
                  {L.waiting}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">
                  {L.interventions}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">
                  {L.equipment}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">
                  {L.quantity}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.partId}>
                  <td className="px-2 py-1 font-mono text-xs">{r.reference}</td>
                  <td className="px-2 py-1">{r.designation}</td>
                  <td className="px-2 py-1 text-right font-semibold tabular-nums">{formatHours(r.waitingHours)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatNumber(r.interventions)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatNumber(r.equipment)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">
                    {formatNumber(r.quantity)} {plural(r.quantity, r.unite)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
