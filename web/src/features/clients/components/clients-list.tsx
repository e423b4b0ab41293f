import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { Client } from '@gmao/domain/clients/client-schemas';
import { DEFAULT_PAGE_SIZE } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatNumber, formatPhone } from '@gmao/domain/format/format';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { DeleteConfirmDialog } from '../../../components/ui/delete-confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useClients } from '../api/get-clients';
import { useSectors } from '../api/get-sectors';
import { useDeleteClient } from '../api/mutate-client';
import { ClientDetailModal } from './client-detail-modal';
import { ClientFormModal } from './client-form-modal';

/** Sentinel of the filter's 'all' option: the Select shows its label (an empty value would show the placeholder). */
const ALL = '__all__';

const columns: DataTableColumn<Client>[] = [
  {
    key: 'nom',
    header: 'Entreprise',
    render: (c) => <span className="font-medium text-slate-900">{c.nom_entreprise}</span>,
  },
  { key: 'secteur', header: 'Secteur', render: (c) => c.secteur_activite ?? '-' },
  { key: 'ville', header: 'Ville', render: (c) => c.ville ?? '-' },
  { key: 'equipements', header: 'Équipements', render: (c) => formatNumber(c.equipmentCount) },
  {
    key: 'contact',
    header: 'Contact principal',
    render: (c) =>
      c.contact_principal || c.telephone_contact ? (
        <div>
          <div>{c.contact_principal ?? '-'}</div>
          {c.telephone_contact && <div className="text-xs text-slate-500">{formatPhone(c.telephone_contact)}</div>}
        </div>
      ) : (
        '-'
      ),
  },
];

/**
 * Clients list shared by the dashboard tab and the /clients page (variant only changes spacing): search
 * debounced 300 ms, sector filter, paging, row actions by permission, and the client modals.
 */
export function ClientsList({ variant = 'tab' }: { variant?: 'tab' | 'page' }) {
  const { can } = usePermissions();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [secteur, setSecteur] = useState('');
  const [form, setForm] = useState<{ client: Client | null } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Client | null>(null);
  const sectors = useSectors();
  const remove = useDeleteClient();
  const query = useClients({ page, limit, search: search || undefined, secteur_activite: secteur || undefined });
  const total = query.data?.pagination.total ?? 0;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const res = await remove.mutateAsync(toDelete.id);
      notify.success(res.message ?? MUTATION_MESSAGES.clientDelete.success);
      setToDelete(null);
    } catch (err) {
      // Spec §8: logged only (the HTTP layer toasted the server's reason, e.g. the equipment count).
      console.error(MUTATION_MESSAGES.clientDelete.failure, err);
    }
  };

  return (
    <div className={variant === 'page' ? 'space-y-4' : 'space-y-3'}>
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          className="min-w-60 flex-1"
          value={search}
          placeholder="Rechercher un client (entreprise, ville, contact, email)..."
          aria-label="Rechercher un client"
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <Select
          className="w-60"
          aria-label="Filtrer par secteur"
          placeholder="Tous les secteurs"
          value={secteur || ALL}
          onChange={(v) => {
            setSecteur(v === ALL ? '' : v);
            setPage(1);
          }}
          options={[{ value: ALL, label: 'Tous les secteurs' }, ...sectors.map((s) => ({ value: s, label: s }))]}
        />
        {can(PERMISSIONS.CLIENTS_CREATE) && (
          <Button onClick={() => setForm({ client: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Nouveau Client
          </Button>
        )}
      </div>

      {query.isError && !query.data ? (
        <EmptyState
          title="Erreur de chargement"
          description="Impossible de charger la liste des clients."
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Réessayer
            </Button>
          }
        />
      ) : (
        <div>
          <DataTable
            caption="Liste des clients"
            columns={columns}
            rows={query.data?.data}
            loading={query.isPending}
            rowKey={(c) => c.id}
            onRowClick={(c) => setDetailId(c.id)}
            emptyMessage={search || secteur ? 'Aucun client ne correspond à la recherche' : 'Aucun client'}
            actions={(c) => (
              <>
                <RowAction label={`Voir ${c.nom_entreprise}`} icon={Eye} onClick={() => setDetailId(c.id)} />
                {can(PERMISSIONS.CLIENTS_UPDATE) && (
                  <RowAction
                    label={`Modifier ${c.nom_entreprise}`}
                    icon={Pencil}
                    onClick={() => setForm({ client: c })}
                  />
                )}
                {can(PERMISSIONS.CLIENTS_DELETE) && (
                  <RowAction
                    label={`Supprimer ${c.nom_entreprise}`}
                    icon={Trash2}
                    tone="danger"
                    onClick={() => setToDelete(c)}
                  />
                )}
              </>
            )}
          />
          <Pagination
            page={page}
            limit={limit}
            total={total}
            onPageChange={setPage}
            onLimitChange={(l) => {
              setLimit(l);
              setPage(1);
            }}
          />
        </div>
      )}

      {form && (
        <ClientFormModal key={form.client?.id ?? 'new'} open client={form.client} onClose={() => setForm(null)} />
      )}
      {detailId !== null && (
        <ClientDetailModal
          clientId={detailId}
          onClose={() => setDetailId(null)}
          onEdit={(client) => {
            setDetailId(null);
            setForm({ client });
          }}
        />
      )}
      <DeleteConfirmDialog
        open={toDelete !== null}
        item={toDelete?.nom_entreprise}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
