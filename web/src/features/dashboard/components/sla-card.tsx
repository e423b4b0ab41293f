import { SLA_CARD_LABELS as L, type SlaCompliance } from '@gmao/domain/dashboard/sla-card-schemas';
import { formatNumber, formatPercent } from '@gmao/domain/format/format';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { interventionsListPath } from '../../../lib/paths';
import { useSlaCard } from '../api/get-sla-card';

/**
 * "Délais garantis" (issue 31): the interventions at risk and breached now (links to the list filtered the same
 * way: `?sla=A_RISQUE`, `?sla=DEPASSE&open=true`), and this month's GTI / GTR compliance. Its height is fixed and
 * the same in every state (loading, figures, empty, error), so that its arrival moves nothing (the layout sweep's
 * CLS). The overview mounts it only for the readers of its block (`dashboard-access.ts` `sla`).
 */
export function SlaCard() {
  const q = useSlaCard();
  const d = q.data;
  const loading = q.isPending;
  const empty =
    d !== undefined &&
    d.aRisque === 0 &&
    d.depassees === 0 &&
    d.gti.respectees + d.gti.depassees === 0 &&
    d.gtr.respectees + d.gtr.depassees === 0;
  return (
    <section
      aria-labelledby="sla-card-title"
      aria-busy={loading}
      data-testid="sla-card"
      className="h-64 overflow-hidden rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:h-48 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="sla-card-title" className="text-sm font-medium text-slate-600">
            {L.title}
          </h2>
          {/* The month is known before the figures (the same text in every state: nothing moves when they arrive); until
              they come, the UTC month — the server's Casablanca month replaces it (the web converts no time zone). */}
          <p className="truncate text-xs text-slate-500">
            {L.subtitle} — {L.compliance(d?.mois ?? new Date().toISOString().slice(0, 7))}
          </p>
        </div>
        <span className="shrink-0 rounded-lg bg-blue-50 p-2 text-blue-700 sm:p-2.5" aria-hidden="true">
          <ShieldCheck className="h-5 w-5 sm:h-6 sm:w-6" />
        </span>
      </div>
      {q.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-700">
          <span>{L.loadError}</span>
          <button
            type="button"
            onClick={() => q.refetch()}
            className="rounded-lg border border-red-300 bg-white px-3 py-1 font-medium text-red-700 hover:bg-red-100"
          >
            {L.retry}
          </button>
        </div>
      ) : empty ? (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {L.empty}
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure
            label={L.aRisque}
            hint={L.aRisqueHint}
            loading={loading}
            value={d && <CountLink n={d.aRisque} filters={{ sla: 'A_RISQUE' }} what="à risque" tone="orange" />}
          />
          <Figure
            label={L.depassees}
            hint={L.depasseesHint}
            loading={loading}
            value={
              d && <CountLink n={d.depassees} filters={{ sla: 'DEPASSE', open: 'true' }} what="dépassées" tone="red" />
            }
          />
          <Figure label={L.gti} hint={d && L.decided(d.gti)} loading={loading} value={d && <Rate c={d.gti} />} />
          <Figure label={L.gtr} hint={d && L.decided(d.gtr)} loading={loading} value={d && <Rate c={d.gtr} />} />
        </dl>
      )}
    </section>
  );
}

function Figure({
  label,
  hint,
  value,
  loading,
}: {
  label: string;
  hint: ReactNode;
  value: ReactNode;
  loading: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs font-medium text-slate-600">{label}</dt>
      <dd className="h-9">
        {loading ? <div data-skeleton="true" className="mt-1 h-7 w-16 animate-pulse rounded bg-slate-200" /> : value}
      </dd>
      <dd className="h-4 truncate text-xs text-slate-500">{loading ? '' : hint}</dd>
    </div>
  );
}

function CountLink({
  n,
  filters,
  what,
  tone,
}: {
  n: number;
  filters: Record<string, string>;
  what: string;
  tone: 'orange' | 'red';
}) {
  const color = n === 0 ? 'text-slate-900' : tone === 'red' ? 'text-red-700' : 'text-orange-700';
  return (
    <Link
      to={interventionsListPath(filters)}
      aria-label={L.showList(n, what)}
      className={`text-2xl font-bold underline-offset-4 hover:underline sm:text-3xl ${color}`}
    >
      {formatNumber(n)}
    </Link>
  );
}

function Rate({ c }: { c: SlaCompliance }) {
  return (
    <span className="text-2xl font-bold text-slate-900 sm:text-3xl">
      {c.taux === null ? '—' : formatPercent(c.taux)}
    </span>
  );
}
