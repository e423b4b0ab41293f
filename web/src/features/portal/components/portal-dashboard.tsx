import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePortalInterventions, usePortalMe, usePortalRequests } from '../api/get-portal-data';
import { InterventionCard } from './portal-interventions';

function Count({ label, value, to }: { label: string; value: number | undefined; to: string }) {
  return (
    <Link to={to} className="rounded-lg border border-slate-200 bg-white p-4 text-center hover:bg-slate-50">
      <p className="text-2xl font-semibold text-slate-900">{value ?? '…'}</p>
      <p className="text-sm text-slate-600">{label}</p>
    </Link>
  );
}

/** The portal's landing page: what is going on now and what comes next. */
export function PortalDashboard() {
  const me = usePortalMe().data?.data;
  const open = usePortalInterventions({ page: 1, limit: 5, statut: 'EN_COURS' });
  const planned = usePortalInterventions({ page: 1, limit: 5, statut: 'PLANIFIEE' });
  const requests = usePortalRequests({ page: 1, limit: 1 });
  return (
    <section className="space-y-6">
      <h1 className="text-xl font-semibold text-slate-900">
        {M.nav.dashboard}
        {me ? ` — ${me.entreprise.nom}` : ''}
      </h1>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Count label={M.openInterventions} value={open.data?.pagination.total} to={paths.portalInterventions} />
        <Count label={M.upcoming} value={planned.data?.pagination.total} to={paths.portalInterventions} />
        <Count label={M.nav.requests} value={requests.data?.pagination.total} to={paths.portalRequests} />
      </div>
      {me?.droit === 'DEMANDEUR' && (
        <Link
          to={paths.portalNewRequest}
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 text-white"
        >
          {M.newRequest}
        </Link>
      )}
      <div>
        <h2 className="mb-2 font-semibold text-slate-900">{M.upcoming}</h2>
        {planned.data?.data.length === 0 ? (
          <p className="text-sm text-slate-500">{M.noInterventions}</p>
        ) : (
          <ul className="space-y-2">
            {(planned.data?.data ?? []).map((i) => (
              <InterventionCard key={i.id} intervention={i} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
