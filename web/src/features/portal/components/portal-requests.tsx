import { formatDateTime } from '@gmao/domain/format/format';
import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import { REQUEST_STATUT_LABELS, type RequestStatut } from '@gmao/domain/requests/request-schemas';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { paths, portalInterventionPath } from '../../../lib/paths';
import { usePaging } from '../../../lib/use-paging';
import { usePortalRequests } from '../api/get-portal-data';
import { PortalList } from './portal-list';

const TONES = { NOUVELLE: 'blue', ACCEPTEE: 'green', REFUSEE: 'red', FUSIONNEE: 'purple' } as const satisfies Record<
  RequestStatut,
  BadgeTone
>;

/** The company's requests and where each stands; a DEMANDEUR gets the 'Nouvelle demande' button. */
export function PortalRequests({ canFile }: { canFile: boolean }) {
  const paging = usePaging();
  const query = usePortalRequests({ page: paging.page, limit: paging.limit });
  return (
    <PortalList
      title={M.nav.requests}
      actions={
        canFile ? (
          <Link to={paths.portalNewRequest} className={buttonClass('primary', 'md', 'gap-2')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> {M.newRequest}
          </Link>
        ) : undefined
      }
      query={query}
      pagination={paging.pagination}
      empty={M.noRequests}
      render={(r) => (
        <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium text-slate-900">
              Demande n° {r.id} — {r.equipement.nom}
            </span>
            <Badge tone={TONES[r.statut]}>{REQUEST_STATUT_LABELS[r.statut]}</Badge>
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">{r.description}</p>
          <p className="mt-1 text-xs text-slate-500">
            Par {r.nom}, le {formatDateTime(r.created_at)}
            {r.motif ? ` · Motif : ${r.motif}` : ''}
          </p>
          {r.intervention_id !== null && (
            <Link
              to={portalInterventionPath(r.intervention_id)}
              className="mt-1 inline-block text-sm text-blue-700 hover:underline"
            >
              Intervention n° {r.intervention_id}
            </Link>
          )}
        </li>
      )}
    />
  );
}
