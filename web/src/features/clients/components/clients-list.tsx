import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { Client } from '@gmao/domain/clients/client-schemas';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatNumber, formatPhone } from '@gmao/domain/format/format';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { DeleteConfirmDialog } from '../../../components/ui/delete-confirm-dialog';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { usePermissions } from '../../../lib/session';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { usePaging } from '../../../lib/use-paging';
import { useClients } from '../api/get-clients';
import { useSectors } from '../api/get-sectors';
import { useDeleteClient } from '../api/mutate-client';
import { ClientDetailModal } from './client-detail-modal';
import { ClientFormModal } from './client-form-modal';

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
          {c.telephone_contact && (
            <div className="whitespace-nowrap text-xs text-slate-500">{formatPhone(c.telephone_contact)}</div>
          )}
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
export function ClientsList({
  variant = 'tab',
  initialDetailId = null,
  onDetailClose,
}: {
  variant?: 'tab' | 'page';
  /** Opens that client's detail (deep link `/clients/:id`). */
  initialDetailId?: number | null;
  onDetailClose?: () => void;
}) {
  const { can } = usePermissions();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [secteur, setSecteur] = useState('');
  const [form, setForm] = useState<{ client: Client | null } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(initialDetailId);
  useEffect(() => {
    if (initialDetailId !== null) setDetailId(initialDetailId);
  }, [initialDetailId]);
  const sectors = useSectors();
  const remove = useDeleteClient();
  const query = useClients({
    page: paging.page,
    limit: paging.limit,
    search: search || undefined,
    secteur_activite: secteur || undefined,
  });
  const total = query.data?.pagination.total ?? 0;

  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Client>(remove, {
    success: MUTATION_MESSAGES.clientDelete.success,
    onError: (err) => {
      // Spec §8: logged only (the HTTP layer toasted the server's reason, e.g. the equipment count).
      console.error(MUTATION_MESSAGES.clientDelete.failure, err);
    },
  });

  return (
    <div className={variant === 'page' ? 'space-y-4' : 'space-y-3'}>
      <ListToolbar
        search={search}
        searchPlaceholder="Entreprise, ville, contact, email…"
        searchLabel="Rechercher un client"
        onSearchChange={(v) => {
          setSearch(v);
          paging.firstPage();
        }}
        filter={{
          label: 'Filtrer par secteur',
          allLabel: 'Tous les secteurs',
          value: secteur,
          options: sectors.map((s) => ({ value: s, label: s })),
          onChange: (v) => {
            setSecteur(v);
            paging.firstPage();
          },
        }}
        action={
          can(PERMISSIONS.CLIENTS_CREATE) && (
            <Button onClick={() => setForm({ client: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Nouveau Client
            </Button>
          )
        }
      />

      {query.isError && !query.data ? (
        <LoadErrorState
          description="Impossible de charger la liste des clients."
          retryVariant="secondary"
          onRetry={() => void query.refetch()}
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
          <Pagination {...paging.pagination} total={total} />
        </div>
      )}

      {form && (
        <ClientFormModal key={form.client?.id ?? 'new'} open client={form.client} onClose={() => setForm(null)} />
      )}
      {detailId !== null && (
        <ClientDetailModal
          clientId={detailId}
          onClose={() => {
            setDetailId(null);
            onDetailClose?.();
          }}
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
