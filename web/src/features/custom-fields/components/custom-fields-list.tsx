import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import { CUSTOM_FIELD_TYPE_LABELS, type CustomField } from '@gmao/domain/custom-fields/custom-field-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { DeleteConfirmDialog } from '../../../components/ui/delete-confirm-dialog';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { RowAction } from '../../../components/ui/row-action';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useCustomFields } from '../api/get-custom-fields';
import { useDeleteCustomField } from '../api/mutate-custom-field';
import { CustomFieldFormModal } from './custom-field-form-modal';

const columns: DataTableColumn<CustomField>[] = [
  {
    key: 'libelle',
    header: 'Libellé / clé',
    render: (f) => (
      <div>
        <p className="font-medium text-slate-900">{f.libelle}</p>
        <code className="text-xs text-slate-600">{f.cle}</code>
      </div>
    ),
  },
  { key: 'type', header: 'Type', render: (f) => CUSTOM_FIELD_TYPE_LABELS[f.type] },
  { key: 'unite', header: 'Unité', render: (f) => f.unite ?? '-' },
  { key: 'options', header: 'Options', render: (f) => (f.options.length > 0 ? f.options.join(', ') : '-') },
  {
    key: 'obligatoire',
    header: 'Obligatoire',
    render: (f) => (f.obligatoire ? <Badge tone="orange">Obligatoire</Badge> : <Badge tone="gray">Facultatif</Badge>),
  },
  {
    key: 'type_equipement',
    header: "Type d'équipement",
    render: (f) => (f.type_equipement ? equipmentTypeLabel(f.type_equipement) : M.allTypes),
  },
  { key: 'position', header: 'Position', render: (f) => f.position },
  {
    key: 'actif',
    header: 'Statut',
    render: (f) => (f.actif ? <Badge tone="green">Actif</Badge> : <Badge tone="gray">Inactif</Badge>),
  },
];

/**
 * The /admin/custom-fields list: every definition (inactive ones too) in display order, with create, edit and delete.
 * Deleting keeps the values already entered (hidden), which the confirmation says.
 */
export function CustomFieldsList() {
  const query = useCustomFields();
  const remove = useDeleteCustomField();
  const [form, setForm] = useState<{ field: CustomField | null } | null>(null);
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<CustomField>(remove, {
    success: M.deleted,
    // The HTTP layer toasted the server's reason; the dialog stays open.
    onError: (err) => console.error(M.deleteFailed, err),
  });

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setForm({ field: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {M.newField}
        </Button>
      </div>
      {query.isError && !query.data ? (
        <LoadErrorState description={M.loadFailed} retryVariant="secondary" onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          caption={M.title}
          columns={columns}
          rows={query.data?.data}
          loading={query.isPending}
          rowKey={(f) => f.id}
          emptyMessage={M.none}
          actions={(f) => (
            <>
              <RowAction label={`Modifier ${f.libelle}`} icon={Pencil} onClick={() => setForm({ field: f })} />
              <RowAction label={`Supprimer ${f.libelle}`} icon={Trash2} tone="danger" onClick={() => setToDelete(f)} />
            </>
          )}
        />
      )}
      {form && <CustomFieldFormModal key={form.field?.id ?? 'new'} field={form.field} onClose={() => setForm(null)} />}
      <DeleteConfirmDialog
        open={toDelete !== null}
        item={
          <>
            {toDelete?.libelle}
            <span className="mt-2 block font-normal text-slate-600">{M.deleteKeepsValues}</span>
          </>
        }
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
