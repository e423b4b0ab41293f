import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { DEFAULT_PAGE_SIZE } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { EQUIPMENT_MESSAGES, type Equipment } from '@gmao/domain/equipment/equipment-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { formatCurrency } from '@gmao/domain/format/format';
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
import { useEquipmentList } from '../api/get-equipment-list';
import { useEquipmentTypes } from '../api/get-equipment-types';
import { useDeleteEquipment } from '../api/mutate-equipment';
import { EquipmentDetailModal, type NewInterventionHandler } from './equipment-detail-modal';
import { EquipmentFormModal } from './equipment-form-modal';
import { StatusBadge } from './status-badge';

/** Sentinel of the filter's 'all' option: the Select shows its label (an empty value would show the placeholder). */
const ALL = '__all__';

const columns: DataTableColumn<Equipment>[] = [
  { key: 'nom', header: 'Nom', render: (e) => <span className="font-medium text-slate-900">{e.nom}</span> },
  { key: 'type', header: 'Type', render: (e) => equipmentTypeLabel(e.type_equipement) },
  { key: 'marque', header: 'Marque', render: (e) => e.marque ?? '-' },
  { key: 'proprietaire', header: 'Propriétaire', render: (e) => e.proprietaire.nom_entreprise },
  {
    key: 'statut',
    header: 'Dernière intervention',
    render: (e) =>
      e.latestInterventionStatus ? (
        <StatusBadge statut={e.latestInterventionStatus} />
      ) : (
        <span className="text-slate-500">{EQUIPMENT_MESSAGES.noIntervention}</span>
      ),
  },
  { key: 'cout', header: 'Coût', render: (e) => formatCurrency(e.cout), className: 'whitespace-nowrap' },
];

type FormTarget = { equipment: Parameters<typeof EquipmentFormModal>[0]['equipment'] };

/**
 * Equipment list shared by the dashboard tab and the /equipment page: search debounced 300 ms, type filter,
 * paging, row actions by permission, the equipment modals. `initialDetailId` opens one detail (QR code links).
 */
export function EquipmentList({
  variant = 'tab',
  onNewIntervention,
  initialDetailId = null,
  onDetailClose,
}: {
  variant?: 'tab' | 'page';
  onNewIntervention?: NewInterventionHandler;
  initialDetailId?: number | null;
  onDetailClose?: () => void;
}) {
  const { can } = usePermissions();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [form, setForm] = useState<FormTarget | null>(null);
  const [detailId, setDetailId] = useState<number | null>(initialDetailId);
  const [toDelete, setToDelete] = useState<Equipment | null>(null);
  const types = useEquipmentTypes();
  const remove = useDeleteEquipment();
  const query = useEquipmentList({ page, limit, search: search || undefined, type_equipement: type || undefined });

  const closeDetail = () => {
    setDetailId(null);
    onDetailClose?.();
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const res = await remove.mutateAsync(toDelete.id);
      notify.success(res.message ?? MUTATION_MESSAGES.equipmentDelete.success);
      setToDelete(null);
    } catch (err) {
      // Spec §8: logged only (the HTTP layer toasted the server's reason).
      console.error(MUTATION_MESSAGES.equipmentDelete.failure, err);
    }
  };

  return (
    <div className={variant === 'page' ? 'space-y-4' : 'space-y-3'}>
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          className="min-w-60 flex-1"
          value={search}
          placeholder="Rechercher un équipement (nom, marque, modèle, propriétaire)..."
          aria-label="Rechercher un équipement"
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <Select
          className="w-60"
          aria-label="Filtrer par type"
          placeholder="Tous les types"
          value={type || ALL}
          onChange={(v) => {
            setType(v === ALL ? '' : v);
            setPage(1);
          }}
          options={[
            { value: ALL, label: 'Tous les types' },
            ...types.map((t) => ({ value: t, label: equipmentTypeLabel(t) })),
          ]}
        />
        {can(PERMISSIONS.EQUIPMENT_CREATE) && (
          <Button onClick={() => setForm({ equipment: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Nouvel équipement
          </Button>
        )}
      </div>

      {query.isError && !query.data ? (
        <EmptyState
          title="Erreur de chargement"
          description="Impossible de charger la liste des équipements."
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Réessayer
            </Button>
          }
        />
      ) : (
        <div>
          <DataTable
            caption="Liste des équipements"
            columns={columns}
            rows={query.data?.data}
            loading={query.isPending}
            rowKey={(e) => e.id}
            onRowClick={(e) => setDetailId(e.id)}
            emptyMessage={search || type ? 'Aucun équipement ne correspond à la recherche' : 'Aucun équipement'}
            actions={(e) => (
              <>
                <RowAction label={`Voir ${e.nom}`} icon={Eye} onClick={() => setDetailId(e.id)} />
                {can(PERMISSIONS.EQUIPMENT_UPDATE) && (
                  <RowAction label={`Modifier ${e.nom}`} icon={Pencil} onClick={() => setForm({ equipment: e })} />
                )}
                {can(PERMISSIONS.EQUIPMENT_DELETE) && (
                  <RowAction label={`Supprimer ${e.nom}`} icon={Trash2} tone="danger" onClick={() => setToDelete(e)} />
                )}
              </>
            )}
          />
          <Pagination
            page={page}
            limit={limit}
            total={query.data?.pagination.total ?? 0}
            onPageChange={setPage}
            onLimitChange={(l) => {
              setLimit(l);
              setPage(1);
            }}
          />
        </div>
      )}

      {form && (
        <EquipmentFormModal
          key={form.equipment?.id ?? 'new'}
          equipment={form.equipment}
          onClose={() => setForm(null)}
        />
      )}
      {detailId !== null && (
        <EquipmentDetailModal
          equipmentId={detailId}
          onClose={closeDetail}
          onNewIntervention={onNewIntervention}
          onEdit={(item) => {
            closeDetail();
            setForm({ equipment: item });
          }}
        />
      )}
      <DeleteConfirmDialog
        open={toDelete !== null}
        item={toDelete ? `${toDelete.nom} (${toDelete.proprietaire.nom_entreprise})` : null}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
