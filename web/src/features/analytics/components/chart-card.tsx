import { type ReactNode, useId } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';

export interface DataTableAlternative {
  headers: string[];
  rows: (string | number)[][];
}

/**
 * A chart with its title and, for screen readers and keyboard users, the same figures as a table inside a
 * <details> ('Voir les données').
 */
export function ChartCard({
  title,
  description,
  data,
  empty,
  height = 'h-64',
  children,
}: {
  title: string;
  description?: string;
  data: DataTableAlternative;
  empty?: boolean;
  /** Tailwind height class of the chart area. */
  height?: string;
  children: ReactNode;
}) {
  const id = useId();
  // Drawn when scrolled near (issue 30 item 10): the area keeps its height meanwhile, so nothing moves.
  const [area, near] = useNearViewport<HTMLDivElement>();
  return (
    <figure aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption id={id} className="text-base font-semibold text-slate-900">
        {title}
      </figcaption>
      {description && <p className="text-sm text-slate-500">{description}</p>}
      {/* The chart is decorative for assistive technologies: the table below carries the same figures. */}
      <div ref={area} className={`mt-4 ${height}`} aria-hidden="true">
        {!near ? null : empty ? (
          <div className="flex h-full items-center justify-center text-sm text-slate-500">
            Aucune donnée sur la période
          </div>
        ) : (
          children
        )}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-blue-700 hover:underline">Voir les données</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="min-w-full text-left text-xs">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-slate-50">
              <tr>
                {data.headers.map((h, j) => (
                  <th
                    key={h}
                    scope="col"
                    className={`px-1.5 py-1 font-semibold text-slate-700 ${j > 0 ? 'text-right' : ''}`}
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional figures without identity.
                <tr key={i}>
                  {r.map((c, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the headers.
                    <td key={j} className={`px-1.5 py-1 text-slate-700 ${j > 0 ? 'text-right tabular-nums' : ''}`}>
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
