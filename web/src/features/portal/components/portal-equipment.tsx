import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths, portalEquipmentPath } from '../../../lib/paths';
import { usePaging } from '../../../lib/use-paging';
import { usePortalEquipment, usePortalEquipmentDetail } from '../api/get-portal-data';
import { InterventionCard } from './portal-interventions';
import { dayFr, PortalList } from './portal-list';

export function PortalEquipmentList() {
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const query = usePortalEquipment({ page: paging.page, limit: paging.limit, ...(search ? { search } : {}) });
  return (
    <PortalList
      title={M.nav.equipment}
      search={search}
      onSearch={(v) => {
        setSearch(v);
        paging.firstPage();
      }}
      searchLabel={M.searchEquipment}
      query={query}
      pagination={paging.pagination}
      empty={M.noEquipment}
      render={(e) => (
        <li key={e.id}>
          <Link
            to={portalEquipmentPath(e.id)}
            className="flex min-h-14 items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 hover:bg-slate-50"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium text-slate-900">{e.nom}</span>
              <span className="block truncate text-sm text-slate-500">
                {[
                  e.type ? equipmentTypeLabel(e.type) : null,
                  e.marque,
                  e.modele,
                  e.numero_serie && `N° ${e.numero_serie}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
          </Link>
        </li>
      )}
    />
  );
}

export function PortalEquipmentDetail({ id }: { id: number }) {
  const query = usePortalEquipmentDetail(id);
  const eq = query.data?.data;
  if (query.isError) return <LoadErrorState description={M.loadError} onRetry={() => void query.refetch()} />;
  if (!eq) return <Spinner size="lg" label="Chargement…" />;
  return (
    <section className="space-y-5">
      <div>
        <Link to={paths.portalEquipment} className="text-sm text-blue-700 hover:underline">
          ← {M.nav.equipment}
        </Link>
        <h1 className="mt-1 text-xl font-semibold text-slate-900">{eq.nom}</h1>
        <p className="text-sm text-slate-600">
          {[
            eq.type ? equipmentTypeLabel(eq.type) : null,
            eq.marque,
            eq.modele,
            eq.numero_serie && `N° ${eq.numero_serie}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <div>
        <h2 className="mb-2 font-semibold text-slate-900">{M.nextVisits}</h2>
        {eq.prochaines_visites.length === 0 ? (
          <p className="text-sm text-slate-500">{M.noNextVisits}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {eq.prochaines_visites.map((v) => (
              <li key={`${v.date}-${v.plan}`} className="rounded border border-slate-200 bg-white px-3 py-2">
                <span className="font-medium">{dayFr(v.date)}</span> — {v.plan}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="mb-2 font-semibold text-slate-900">{M.history}</h2>
        {eq.interventions.length === 0 ? (
          <p className="text-sm text-slate-500">{M.noInterventions}</p>
        ) : (
          <ul className="space-y-2">
            {eq.interventions.map((i) => (
              <InterventionCard key={i.id} intervention={i} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
