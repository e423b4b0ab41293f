import { metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import { statutLabel } from '@gmao/domain/interventions/status';
import {
  SLA_REPORT_MESSAGES as M,
  type SlaReport,
  type SlaReportQuery,
  slaReportQuerySchema,
} from '@gmao/domain/reports/sla-report-schemas';
import {
  formatSlaDuration,
  SLA_CIBLE_LABELS,
  SLA_CIBLE_SHORT,
  SLA_CIBLES,
  SLA_ETAT_LABELS,
} from '@gmao/domain/sla/sla-clock';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Spinner } from '../../../components/ui/spinner';
import { api, downloadFile, type Envelope } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { queryRoots } from '../../../lib/query-keys';
import { notify } from '../../../lib/toast';
import { useReportOptions } from '../api/get-report-options';

type Query = { client_id?: number; dateFrom: string; dateTo: string };
const toQuery = (q: Query) => ({ client_id: q.client_id, dateFrom: q.dateFrom, dateTo: q.dateTo });

function rateText(taux: number | null) {
  return taux === null ? '—' : `${String(taux).replace('.', ',')} %`;
}

/** /reports/delais-garantis (reports:read or contracts:read): the guaranteed times of a client over a period (issue 31). */
export default function SlaReportRoute() {
  const today = metricsToday();
  const [form, setForm] = useState({ client: '', dateFrom: timeframeStart(today, 30), dateTo: today });
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState<Query>({ dateFrom: form.dateFrom, dateTo: form.dateTo });
  const options = useReportOptions();
  const report = useQuery({
    queryKey: [...queryRoots.reports, 'sla', query],
    queryFn: async () =>
      (await api.get<Envelope<SlaReport>>('/reports/sla', { query: toQuery(query), silent: true })).data,
  });
  const download = useMutation({
    mutationFn: ({ path, name }: { path: string; name: string }) => downloadFile(path, name, toQuery(query)),
    onSuccess: () => notify.success('Fichier téléchargé'),
    onError: () => notify.error(M.loadError),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = slaReportQuerySchema.safeParse({
      client_id: form.client || undefined,
      dateFrom: form.dateFrom,
      dateTo: form.dateTo,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.loadError);
      return;
    }
    setError(null);
    setQuery(parsed.data as SlaReportQuery);
  };

  const data = report.data;
  const targets = data ? SLA_CIBLES.filter((t) => data.cibles.some((c) => c.cible === t)) : [];
  return (
    <section className="space-y-6">
      <PageHeader title={M.title} description={M.intro} />
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <FormField label={M.client} htmlFor="sla-client" className="w-64">
          <select
            id="sla-client"
            className={inputClass()}
            value={form.client}
            onChange={(e) => setForm({ ...form, client: e.target.value })}
          >
            <option value="">{M.allClients}</option>
            {options.data?.data.clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nom}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={M.dateFrom} htmlFor="sla-from" className="w-40">
          <input
            id="sla-from"
            type="date"
            className={inputClass(!!error)}
            value={form.dateFrom}
            onChange={(e) => setForm({ ...form, dateFrom: e.target.value })}
          />
        </FormField>
        <FormField label={M.dateTo} htmlFor="sla-to" className="w-40">
          <input
            id="sla-to"
            type="date"
            className={inputClass(!!error)}
            value={form.dateTo}
            onChange={(e) => setForm({ ...form, dateTo: e.target.value })}
          />
        </FormField>
        <Button type="submit" loading={report.isFetching}>
          {M.show}
        </Button>
        {error && (
          <p role="alert" className="w-full text-sm text-red-600">
            {error}
          </p>
        )}
      </form>

      {report.isPending && (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Chargement du rapport..." />
        </div>
      )}
      {report.isError && (
        <LoadErrorState title={M.loadError} description={M.loadError} onRetry={() => void report.refetch()} />
      )}
      {data && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600">
              {data.filter.client?.nom ?? M.allClients} · {M.horsContrat(data.hors_contrat)}
            </p>
            <div className="flex flex-wrap gap-2">
              {[
                {
                  path: '/reports/sla/pdf',
                  name: M.fileName(query.dateFrom, query.dateTo, 'pdf'),
                  label: M.pdf,
                  Icon: FileText,
                },
                {
                  path: '/reports/sla/csv',
                  name: M.fileName(query.dateFrom, query.dateTo, 'csv'),
                  label: M.csv,
                  Icon: Download,
                },
                {
                  path: '/reports/hors-contrat.csv',
                  name: M.horsContratFileName(query.dateFrom, query.dateTo),
                  label: M.horsContratCsv,
                  Icon: Download,
                },
              ].map(({ path, name, label, Icon }) => (
                <Button
                  key={path}
                  variant="secondary"
                  loading={download.isPending && download.variables?.path === path}
                  onClick={() => download.mutate({ path, name })}
                >
                  <Icon className="h-4 w-4" aria-hidden="true" /> {label}
                </Button>
              ))}
            </div>
          </div>
          {data.cibles.length === 0 ? (
            <EmptyState title={M.empty} description={M.emptyHint} headingLevel={2} />
          ) : (
            <>
              <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
                <table className="w-full text-sm">
                  <caption className="sr-only">Synthèse</caption>
                  <thead className="bg-slate-50 text-left text-slate-600">
                    <tr>
                      {[M.target, M.total, M.met, M.breached, M.running, M.rate].map((h) => (
                        <th key={h} scope="col" className="px-3 py-2 font-medium">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.cibles.map((c) => (
                      <tr key={c.cible}>
                        <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                          {SLA_CIBLE_LABELS[c.cible]} ({SLA_CIBLE_SHORT[c.cible]})
                        </th>
                        <td className="px-3 py-2">{c.total}</td>
                        <td className="px-3 py-2">{c.respectees}</td>
                        <td className="px-3 py-2">{c.depassees}</td>
                        <td className="px-3 py-2">{c.en_cours}</td>
                        <td className="px-3 py-2 font-semibold">{rateText(c.taux)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
                <table className="w-full text-sm">
                  <caption className="px-3 py-2 text-left text-sm text-slate-600">
                    {data.truncated ? M.truncated(data.interventions.length) : 'Interventions'}
                  </caption>
                  <thead className="bg-slate-50 text-left text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-medium">
                        N°
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Ouverte le
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Équipement
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Statut
                      </th>
                      {targets.map((t) => (
                        <th key={t} scope="col" className="px-3 py-2 font-medium">
                          {SLA_CIBLE_SHORT[t]}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.interventions.map((r) => (
                      <tr key={r.id}>
                        <td className="px-3 py-2">
                          <Link className="text-blue-700 hover:underline" to={`${paths.interventions}/${r.id}`}>
                            #{r.id}
                          </Link>
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">{r.demarre_locale}</td>
                        <td className="px-3 py-2">
                          {r.equipement}
                          {!data.filter.client && <span className="block text-xs text-slate-500">{r.client}</span>}
                        </td>
                        <td className="px-3 py-2">{statutLabel(r.statut)}</td>
                        {targets.map((t) => {
                          const c = r.cibles.find((x) => x.cible === t);
                          if (!c)
                            return (
                              <td key={t} className="px-3 py-2">
                                —
                              </td>
                            );
                          const tone = c.etat === 'DEPASSE' ? 'red' : c.etat === 'RESPECTE' ? 'green' : 'yellow';
                          return (
                            <td key={t} className="px-3 py-2">
                              <Badge tone={tone}>{SLA_ETAT_LABELS[c.etat]}</Badge>
                              <span className="block text-xs text-slate-500">
                                {c.etat === 'RESPECTE' || c.etat === 'DEPASSE'
                                  ? `${formatSlaDuration(c.consomme_minutes)} / ${formatSlaDuration(c.objectif_minutes)}`
                                  : `échéance ${c.echeance_locale ?? '—'}`}
                              </span>
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
