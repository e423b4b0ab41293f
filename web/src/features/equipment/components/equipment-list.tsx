import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { EQUIPMENT_MESSAGES, type Equipment } from '@gmao/domain/equipment/equipment-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { formatCurrency } from '@gmao/domain/format/format';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { DeleteConfirmDialog } from '../../../components/ui/delete-confirm-dialog';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { StatusBadge } from '../../../components/ui/status-badge';
import { usePermissions } from '../../../lib/session';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { usePaging } from '../../../lib/use-paging';
import { useEquipmentList } from '../api/get-equipment-list';
import { useEquipmentTypes } from '../api/get-equipment-types';
import { useDeleteEquipment } from '../api/mutate-equipment';
import { EquipmentDetailModal, type NewInterventionHandler } from './equipment-detail-modal';
import { EquipmentFormModal } from './equipment-form-modal';

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
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [form, setForm] = useState<FormTarget | null>(null);
  const [detailId, setDetailId] = useState<number | null>(initialDetailId);
  const types = useEquipmentTypes();
  const remove = useDeleteEquipment();
  const query = useEquipmentList({
    page: paging.page,
    limit: paging.limit,
    search: search || undefined,
    type_equipement: type || undefined,
  });

  const closeDetail = () => {
    setDetailId(null);
    onDetailClose?.();
  };
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Equipment>(remove, {
    success: MUTATION_MESSAGES.equipmentDelete.success,
    onError: (err) => {
      // Spec §8: logged only (the HTTP layer toasted the server's reason).
      console.error(MUTATION_MESSAGES.equipmentDelete.failure, err);
    },
  });

  return (
    <div className={variant === 'page' ? 'space-y-4' : 'space-y-3'}>
      <ListToolbar
        search={search}
        searchPlaceholder="Nom, marque, modèle, propriétaire…"
        searchLabel="Rechercher un équipement"
        onSearchChange={(v) => {
          setSearch(v);
          paging.firstPage();
        }}
        filter={{
          label: 'Filtrer par type',
          allLabel: 'Tous les types',
          value: type,
          options: types.map((t) => ({ value: t, label: equipmentTypeLabel(t) })),
          onChange: (v) => {
            setType(v);
            paging.firstPage();
          },
        }}
        action={
          can(PERMISSIONS.EQUIPMENT_CREATE) && (
            <Button onClick={() => setForm({ equipment: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Nouvel équipement
            </Button>
          )
        }
      />

      {query.isError && !query.data ? (
        <LoadErrorState
          description="Impossible de charger la liste des équipements."
          retryVariant="secondary"
          onRetry={() => void query.refetch()}
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
          <Pagination {...paging.pagination} total={query.data?.pagination.total ?? 0} />
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
