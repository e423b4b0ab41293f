import { formatDateTime, formatPhone } from '@gmao/domain/format/format';
import {
  type InterventionRequest,
  REQUEST_MESSAGES as M,
  REQUEST_STATUT_LABELS,
  REQUEST_STATUTS,
  type RequestStatut,
  REQUEST_UI as U,
} from '@gmao/domain/requests/request-schemas';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { usePaging } from '../../../lib/use-paging';
import { useRequests } from '../api/requests';
import { RequestDetailModal } from './request-detail-modal';
import { STATUT_TONES } from './statut-tones';

const columns: DataTableColumn<InterventionRequest>[] = [
  {
    key: 'recue',
    header: U.receivedAt,
    className: 'whitespace-nowrap',
    render: (r) => formatDateTime(r.created_at),
  },
  {
    key: 'equipement',
    header: U.equipment,
    render: (r) => (
      <span>
        <span className="font-medium text-slate-900">{r.equipement.nom}</span>
        <span className="block text-xs text-slate-500">{r.client.nom_entreprise}</span>
      </span>
    ),
  },
  {
    key: 'demandeur',
    header: U.requester,
    render: (r) => (
      <span>
        {r.nom}
        <span className="block text-xs text-slate-500">{formatPhone(r.telephone)}</span>
      </span>
    ),
  },
  {
    key: 'description',
    header: 'Description',
    render: (r) => <span className="line-clamp-2 max-w-md">{r.description}</span>,
  },
  {
    key: 'statut',
    header: 'Statut',
    render: (r) => <Badge tone={STATUT_TONES[r.statut]}>{REQUEST_STATUT_LABELS[r.statut]}</Badge>,
  },
];

/** /demandes (requests:manage): the requests filed by QR code or from the portal; search, statut, paging, decisions. */
export function RequestsScreen() {
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [statut, setStatut] = useState<RequestStatut | ''>('NOUVELLE');
  const [detail, setDetail] = useState<InterventionRequest | null>(null);
  const query = useRequests({
    page: paging.page,
    limit: paging.limit,
    search: search || undefined,
    statut: statut || undefined,
  });
  // The detail follows the list's copy of the request (refreshed after a decision).
  const shown = detail ? (query.data?.data.find((r) => r.id === detail.id) ?? detail) : null;

  return (
    <section className="space-y-4">
      <PageHeader title={M.title} description={U.inboxDescription} />
      <ListToolbar
        search={search}
        searchPlaceholder={U.searchPlaceholder}
        searchLabel={U.searchLabel}
        onSearchChange={(v) => {
          setSearch(v);
          paging.firstPage();
        }}
        filter={{
          label: U.statutFilter,
          allLabel: U.allStatuts,
          value: statut,
          options: REQUEST_STATUTS.map((s) => ({ value: s, label: REQUEST_STATUT_LABELS[s] })),
          onChange: (v) => {
            setStatut(v as RequestStatut | '');
            paging.firstPage();
          },
        }}
      />
      {query.isError && !query.data ? (
        <LoadErrorState description={U.loadError} onRetry={() => void query.refetch()} />
      ) : (
        <div>
          <DataTable
            caption={M.title}
            columns={columns}
            rows={query.data?.data}
            loading={query.isPending}
            rowKey={(r) => r.id}
            onRowClick={(r) => setDetail(r)}
            emptyMessage={search ? U.emptyFiltered : statut ? U.emptyStatut(statut) : M.empty}
            actions={(r) => <RowAction label={`Voir la demande n° ${r.id}`} icon={Eye} onClick={() => setDetail(r)} />}
          />
          <Pagination {...paging.pagination} total={query.data?.pagination.total ?? 0} />
        </div>
      )}
      {shown && <RequestDetailModal request={shown} onClose={() => setDetail(null)} />}
    </section>
  );
}
