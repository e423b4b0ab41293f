import { CONTRACT_TYPE_LABELS, type ContractType } from '@gmao/domain/contracts/contract-constants';
import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import { SLA_CIBLE_LABELS } from '@gmao/domain/sla/sla-clock';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Spinner } from '../../../components/ui/spinner';
import { downloadPortalReport, usePortalContract } from '../api/get-portal-data';
import { dayFr } from './portal-list';

const hours = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60}`;

function ReportButton({ kind, label }: { kind: 'period' | 'sla'; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void downloadPortalReport(kind).finally(() => setBusy(false));
      }}
    >
      <Download className="h-4 w-4" aria-hidden="true" /> {label}
    </Button>
  );
}

/** The company's contracts, their guaranteed times and how they were kept; the period and SLA reports. */
export function PortalContract() {
  const query = usePortalContract();
  const data = query.data?.data;
  if (query.isError) return <LoadErrorState description={M.loadError} onRetry={() => void query.refetch()} />;
  if (!data) return <Spinner size="lg" label="Chargement…" />;
  return (
    <section className="space-y-6">
      <h1 className="text-xl font-semibold text-slate-900">{M.nav.contract}</h1>
      {data.contrats.length === 0 ? (
        <EmptyState headingLevel={2} title={M.noContract} />
      ) : (
        data.contrats.map((c) => (
          <div key={c.numero} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="font-semibold text-slate-900">
              Contrat {c.numero} — {CONTRACT_TYPE_LABELS[c.type as ContractType] ?? c.type}
            </h2>
            <p className="text-sm text-slate-600">
              Du {dayFr(c.date_debut)} au {dayFr(c.date_fin)}
              {c.reconduction_tacite ? ' (reconduction tacite)' : ''}
            </p>
            {c.garanties.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm">
                {c.garanties.map((g) => (
                  <li key={`${g.urgence}-${g.cible}`}>
                    {SLA_CIBLE_LABELS[g.cible]} {g.urgence ? '(urgence)' : ''} : {hours(g.minutes)} ouvrées
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))
      )}
      <div>
        <h2 className="mb-2 font-semibold text-slate-900">{M.compliance}</h2>
        {data.conformite.cibles.every((c) => c.total === 0) ? (
          <p className="text-sm text-slate-500">Aucune intervention sous contrat sur la période.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-3">
            {data.conformite.cibles.map((c) => (
              <li key={c.cible} className="rounded-lg border border-slate-200 bg-white p-3 text-center">
                <p className="text-lg font-semibold">{c.taux === null ? '—' : `${c.taux} %`}</p>
                <p className="text-xs text-slate-500">
                  {SLA_CIBLE_LABELS[c.cible]} · {c.respectees} respectés / {c.depassees} dépassés
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <ReportButton kind="period" label={M.periodReport} />
        <ReportButton kind="sla" label={M.slaReport} />
      </div>
    </section>
  );
}
