import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { EQUIPMENT_TYPES, equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { formatCurrency, formatNumber, truncate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { plannedTotal, templateTypeLabel } from '@gmao/domain/templates/template-display';
import { TEMPLATE_MESSAGES as M, type Template } from '@gmao/domain/templates/template-schemas';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { DeleteConfirmDialog } from '../../../components/ui/delete-confirm-dialog';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { RowAction } from '../../../components/ui/row-action';
import { usePermissions } from '../../../lib/session';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useTemplates } from '../api/get-templates';
import { useDeleteTemplate } from '../api/mutate-template';
import { TemplateFormModal } from './template-form-modal';
import { UseTemplateModal } from './use-template-modal';

const TYPE_OPTIONS = EQUIPMENT_TYPES.map((t) => ({ value: t, label: equipmentTypeLabel(t) }));
const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n > 1 ? many : one}`;

const columns: DataTableColumn<Template>[] = [
  {
    key: 'nom',
    header: 'Nom',
    render: (t) => (
      <div>
        <p className="font-medium text-slate-900">{t.nom}</p>
        {t.description && (
          <p className="text-xs text-slate-500" title={t.description}>
            {truncate(t.description)}
          </p>
        )}
      </div>
    ),
  },
  { key: 'type', header: "Type d'équipement", render: (t) => templateTypeLabel(t.type_equipement) },
  {
    key: 'urgence',
    header: 'Urgence',
    render: (t) => (t.urgence ? <Badge tone="red">Urgente</Badge> : <Badge tone="gray">Normale</Badge>),
  },
  {
    key: 'etapes',
    header: 'Étapes',
    className: 'whitespace-nowrap',
    render: (t) => plural(t.checklist.length, 'étape', 'étapes'),
  },
  {
    key: 'materiel',
    header: 'Matériel prévu',
    render: (t) =>
      t.materiaux.length === 0 ? (
        '-'
      ) : (
        <div>
          <p>{plural(t.materiaux.length, 'ligne', 'lignes')}</p>
          <p className="whitespace-nowrap text-xs text-slate-500">{formatCurrency(plannedTotal(t.materiaux))}</p>
        </div>
      ),
  },
  { key: 'usage', header: 'Utilisations', render: (t) => formatNumber(t.usageCount) },
  {
    key: 'actif',
    header: 'Statut',
    render: (t) => (t.actif ? <Badge tone="green">Actif</Badge> : <Badge tone="gray">Inactif</Badge>),
  },
];

/**
 * The templates page's list: search (debounced 300 ms), equipment-type filter (untyped templates fit every type),
 * disabled ones on demand for managers; 'Utiliser' for interventions:create, create/edit/delete for templates:manage.
 */
export function TemplatesList({ onInterventionCreated }: { onInterventionCreated?: (i: Intervention) => void }) {
  const { can } = usePermissions();
  const manage = can(PERMISSIONS.TEMPLATES_MANAGE);
  const mayUse = can(PERMISSIONS.INTERVENTIONS_CREATE);
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [form, setForm] = useState<{ template: Template | null } | null>(null);
  const [using, setUsing] = useState<Template | null>(null);
  const remove = useDeleteTemplate();
  const query = useTemplates({
    search: search || undefined,
    type_equipement: type || undefined,
    actif: manage && showInactive ? 'all' : undefined,
  });
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Template>(remove, {
    success: M.deleted,
    // The HTTP layer toasted the server's reason; the dialog stays open.
    onError: (err) => console.error(M.deleteFailed, err),
  });

  return (
    <div className="space-y-4">
      <ListToolbar
        search={search}
        searchPlaceholder="Nom ou description du modèle…"
        searchLabel="Rechercher un modèle"
        onSearchChange={setSearch}
        filter={{
          label: "Filtrer par type d'équipement",
          allLabel: 'Tous les types',
          value: type,
          options: TYPE_OPTIONS,
          onChange: setType,
        }}
        action={
          manage && (
            <>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={showInactive}
                  onChange={(e) => setShowInactive(e.target.checked)}
                />
                Afficher les modèles désactivés
              </label>
              <Button onClick={() => setForm({ template: null })}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Nouveau modèle
              </Button>
            </>
          )
        }
      />

      {query.isError && !query.data ? (
        <LoadErrorState description={M.loadFailed} retryVariant="secondary" onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          caption={M.title}
          columns={columns}
          rows={query.data?.data}
          loading={query.isPending}
          rowKey={(t) => t.id}
          emptyMessage={search || type ? M.empty : M.none}
          actions={
            mayUse || manage
              ? (t) => (
                  <>
                    {mayUse && t.actif && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Utiliser ${t.nom}`}
                        onClick={() => setUsing(t)}
                      >
                        Utiliser
                      </Button>
                    )}
                    {manage && (
                      <RowAction label={`Modifier ${t.nom}`} icon={Pencil} onClick={() => setForm({ template: t })} />
                    )}
                    {manage && (
                      <RowAction
                        label={`Supprimer ${t.nom}`}
                        icon={Trash2}
                        tone="danger"
                        onClick={() => setToDelete(t)}
                      />
                    )}
                  </>
                )
              : undefined
          }
        />
      )}

      {form && (
        <TemplateFormModal key={form.template?.id ?? 'new'} template={form.template} onClose={() => setForm(null)} />
      )}
      {using && (
        <UseTemplateModal
          key={using.id}
          template={using}
          onClose={() => setUsing(null)}
          onCreated={onInterventionCreated}
        />
      )}
      <DeleteConfirmDialog
        open={toDelete !== null}
        item={
          <>
            {toDelete?.nom}
            <span className="mt-2 block font-normal text-slate-600">{M.deleteKeepsCopies}</span>
          </>
        }
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
