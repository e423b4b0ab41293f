import { formatDateTime } from '@gmao/domain/format/format';
import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import { PORTAL_STATUT_LABELS, PORTAL_STATUTS, type PortalIntervention } from '@gmao/domain/portal/portal-schemas';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths, portalInterventionPath } from '../../../lib/paths';
import { usePaging } from '../../../lib/use-paging';
import { downloadSignedBon, usePortalIntervention, usePortalInterventions } from '../api/get-portal-data';
import { dayFr, PortalList } from './portal-list';
import { PortalStatutBadge } from './portal-statut-badge';

export function BonButton({ id }: { id: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void downloadSignedBon(id).finally(() => setBusy(false));
      }}
    >
      <Download className="h-4 w-4" aria-hidden="true" /> {M.downloadBon}
    </Button>
  );
}

/** One intervention as the client sees it: number, equipment, public status, dates, the signed bon. */
export function InterventionCard({ intervention: i }: { intervention: PortalIntervention }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={portalInterventionPath(i.id)} className="font-medium text-slate-900 hover:underline">
          N° {i.id} — {i.equipement.nom}
        </Link>
        <PortalStatutBadge statut={i.statut} />
      </div>
      {i.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{i.description}</p>}
      <p className="mt-1 text-xs text-slate-500">
        {i.planifiee_le ? `Prévue le ${formatDateTime(i.planifiee_le)}` : `Prévue le ${dayFr(i.date)}`}
        {i.terminee_le ? ` · Terminée le ${formatDateTime(i.terminee_le)}` : ''}
        {i.preventive ? ' · Préventive' : ''}
      </p>
      {i.bon_signe && (
        <div className="mt-2">
          <BonButton id={i.id} />
        </div>
      )}
    </li>
  );
}

export function PortalInterventionList() {
  const [search, setSearch] = useState('');
  const [statut, setStatut] = useState('');
  const paging = usePaging();
  const query = usePortalInterventions({
    page: paging.page,
    limit: paging.limit,
    ...(search ? { search } : {}),
    ...(statut ? { statut } : {}),
  });
  return (
    <PortalList
      title={M.nav.interventions}
      search={search}
      onSearch={(v) => {
        setSearch(v);
        paging.firstPage();
      }}
      searchLabel={M.searchInterventions}
      actions={
        <label className="text-sm text-slate-700">
          <span className="sr-only">Statut</span>
          <select
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
            value={statut}
            onChange={(e) => {
              setStatut(e.target.value);
              paging.firstPage();
            }}
          >
            <option value="">Tous les statuts</option>
            {PORTAL_STATUTS.map((s) => (
              <option key={s} value={s}>
                {PORTAL_STATUT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      }
      query={query}
      pagination={paging.pagination}
      empty={M.noInterventions}
      render={(i) => <InterventionCard key={i.id} intervention={i} />}
    />
  );
}

export function PortalInterventionDetail({ id }: { id: number }) {
  const query = usePortalIntervention(id);
  const i = query.data?.data;
  if (query.isError) return <LoadErrorState description={M.loadError} onRetry={() => void query.refetch()} />;
  if (!i) return <Spinner size="lg" label="Chargement…" />;
  return (
    <section className="space-y-4">
      <Link to={paths.portalInterventions} className="text-sm text-blue-700 hover:underline">
        ← {M.nav.interventions}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Intervention n° {i.id}</h1>
        <PortalStatutBadge statut={i.statut} />
      </div>
      <dl className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
        <dt className="text-slate-500">Équipement</dt>
        <dd>{i.equipement.nom}</dd>
        <dt className="text-slate-500">Prévue le</dt>
        <dd>{i.planifiee_le ? formatDateTime(i.planifiee_le) : dayFr(i.date)}</dd>
        <dt className="text-slate-500">Commencée le</dt>
        <dd>{formatDateTime(i.demarree_le)}</dd>
        <dt className="text-slate-500">Terminée le</dt>
        <dd>{formatDateTime(i.terminee_le)}</dd>
        <dt className="text-slate-500">Description</dt>
        <dd className="whitespace-pre-line">{i.description ?? '-'}</dd>
      </dl>
      {i.bon_signe && <BonButton id={i.id} />}
    </section>
  );
}
