import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import {
  CONTRACT_EXPIRING_SOON_DAYS,
  CONTRACT_TYPE_LABELS,
  type Contract,
  type ContractListItem,
  dayFr,
  CONTRACT_LABELS as L,
} from '@gmao/domain/contracts/contract-schemas';
import { formatCurrency } from '@gmao/domain/format/format';
import { SLA_REPORT_MESSAGES } from '@gmao/domain/reports/sla-report-schemas';
import { CalendarRange, Eye, FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { usePaging } from '../../../lib/use-paging';
import { getContract, useClientChoices, useContracts, useDeleteContract } from '../api/contracts';
import { ContractDetailModal } from './contract-detail-modal';
import { ContractFormModal } from './contract-form-modal';

/** The end of a contract as text (not only colour): expired, or expiring within the notice period. */
function ExpiryBadge({ c }: { c: ContractListItem }) {
  if (c.jours_restants < 0) return <Badge tone="gray">{L.expiresIn(c.jours_restants)}</Badge>;
  if (c.jours_restants <= CONTRACT_EXPIRING_SOON_DAYS)
    return <Badge tone={c.jours_restants <= 30 ? 'red' : 'orange'}>{L.expiresIn(c.jours_restants)}</Badge>;
  return null;
}

const columns: DataTableColumn<ContractListItem>[] = [
  { key: 'numero', header: 'Numéro', render: (c) => <span className="font-medium text-slate-900">{c.numero}</span> },
  { key: 'client', header: 'Client', render: (c) => c.client_nom },
  { key: 'type', header: 'Type', render: (c) => CONTRACT_TYPE_LABELS[c.type] },
  {
    key: 'periode',
    header: 'Période',
    render: (c) => (
      <span>
        <span className="whitespace-nowrap">
          {dayFr(c.date_debut)} → {dayFr(c.date_fin)}
        </span>
        <span className="mt-1 flex flex-wrap gap-1">
          <ExpiryBadge c={c} />
          {c.reconduction_tacite && <Badge tone="blue">Reconduction tacite</Badge>}
        </span>
      </span>
    ),
  },
  { key: 'equipements', header: 'Équipements', render: (c) => L.equipmentCount(c.equipements) },
  {
    key: 'montant',
    header: 'Montant annuel HT',
    className: 'whitespace-nowrap',
    render: (c) => (c.montant_annuel_ht === null ? '—' : formatCurrency(c.montant_annuel_ht)),
  },
  { key: 'version', header: 'Version', render: (c) => `v${c.version}` },
];

/** /contrats (contracts:read): search, client filter, expiring soon, paging; managers create, edit, delete. */
export function ContractsScreen() {
  const { can } = usePermissions();
  const manages = can(PERMISSIONS.CONTRACTS_MANAGE);
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [clientId, setClientId] = useState('');
  const [expiring, setExpiring] = useState(false);
  const [editing, setEditing] = useState<Contract | 'new' | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ContractListItem | null>(null);
  const clients = useClientChoices();
  const remove = useDeleteContract();
  const query = useContracts({
    page: paging.page,
    limit: paging.limit,
    search: search || undefined,
    client_id: clientId ? Number(clientId) : undefined,
    expiring: expiring || undefined,
  });
  const filtered = !!(search || clientId || expiring);

  const edit = async (id: number) => {
    try {
      setEditing((await getContract(id)).data);
    } catch {
      // the API client has shown the server's message
    }
  };

  return (
    <section className="space-y-4">
      <PageHeader
        title={L.title}
        description={L.description}
        actions={
          <>
            <Link to={paths.slaReport} className={buttonClass('secondary')}>
              <FileText className="h-4 w-4" aria-hidden="true" /> {SLA_REPORT_MESSAGES.menu}
            </Link>
            <Link to={paths.calendars} className={buttonClass('secondary')}>
              <CalendarRange className="h-4 w-4" aria-hidden="true" /> {L.calendarsLink}
            </Link>
          </>
        }
      />
      <ListToolbar
        search={search}
        searchPlaceholder={L.searchPlaceholder}
        searchLabel={L.searchLabel}
        onSearchChange={(v) => {
          setSearch(v);
          paging.firstPage();
        }}
        filter={{
          label: L.clientFilter,
          allLabel: L.allClients,
          value: clientId,
          options: (clients.data ?? []).map((c) => ({ value: String(c.id), label: c.label })),
          onChange: (v) => {
            setClientId(v);
            paging.firstPage();
          },
        }}
        action={
          manages && (
            <Button onClick={() => setEditing('new')}>
              <Plus className="h-4 w-4" aria-hidden="true" /> {L.newContract}
            </Button>
          )
        }
      />
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={expiring}
          onChange={(e) => {
            setExpiring(e.target.checked);
            paging.firstPage();
          }}
        />
        {L.expiringOnly}
      </label>
      {query.isError && !query.data ? (
        <LoadErrorState description={L.loadError} onRetry={() => void query.refetch()} />
      ) : (
        <div>
          <DataTable
            caption="Contrats de maintenance"
            columns={columns}
            rows={query.data?.data}
            loading={query.isPending}
            rowKey={(c) => c.id}
            onRowClick={(c) => setDetailId(c.id)}
            emptyMessage={filtered ? L.emptyFiltered : L.empty}
            actions={(c) => (
              <>
                <RowAction label={`Voir ${c.numero}`} icon={Eye} onClick={() => setDetailId(c.id)} />
                {manages && <RowAction label={`Modifier ${c.numero}`} icon={Pencil} onClick={() => void edit(c.id)} />}
                {manages && (
                  <RowAction
                    label={`Supprimer ${c.numero}`}
                    icon={Trash2}
                    tone="danger"
                    onClick={() => setToDelete(c)}
                  />
                )}
              </>
            )}
          />
          <Pagination {...paging.pagination} total={query.data?.pagination.total ?? 0} />
        </div>
      )}
      {editing && (
        <ContractFormModal
          key={editing === 'new' ? 'new' : editing.id}
          contract={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {detailId !== null && (
        <ContractDetailModal
          id={detailId}
          onClose={() => setDetailId(null)}
          onEdit={(c) => {
            setDetailId(null);
            setEditing(c);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        kind="danger"
        title={L.deleteTitle}
        message={toDelete ? L.deleteMessage(toDelete.numero) : ''}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            const res = await remove.mutateAsync(toDelete.id);
            notify.success(res.message ?? '');
            setToDelete(null);
          } catch {
            // the API client has shown the server's message
          }
        }}
      />
    </section>
  );
}
