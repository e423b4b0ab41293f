import { SECTION_MESSAGES, type Section } from '@gmao/domain/sections/section-schemas';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useSections } from '../api/get-sections';
import { useDeleteSection } from '../api/mutate-section';
import { SectionFormModal } from './section-form-modal';

const columns: DataTableColumn<Section>[] = [
  { key: 'nom', header: 'Section', render: (s) => <span className="font-medium text-slate-900">{s.nom}</span> },
  { key: 'description', header: 'Description', render: (s) => s.description ?? '—' },
  {
    key: 'responsable',
    header: 'Responsable',
    render: (s) =>
      s.responsable ? (
        <span>
          {s.responsable.nom} <span className="text-slate-500">@{s.responsable.username}</span>
        </span>
      ) : (
        <span className="text-slate-500">Aucun</span>
      ),
  },
  { key: 'members', header: 'Membres', render: (s) => s.memberCount },
];

const iconButton =
  'rounded-lg p-2.5 sm:p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:opacity-40';

export function SectionsScreen() {
  const sections = useSections();
  const remove = useDeleteSection();
  const [editing, setEditing] = useState<Section | 'new' | null>(null);

  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Section>(remove, {
    success: SECTION_MESSAGES.deleted,
    onError: (err) => notify.error((err instanceof ApiError && err.serverMessage) || SECTION_MESSAGES.deleteFailed),
  });

  return (
    <section>
      <PageHeader
        title="Sections"
        description="Les équipes de l'entreprise, leur responsable et leurs membres."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Nouvelle section
          </Button>
        }
      />
      {sections.isError && !sections.data ? (
        <LoadErrorState
          description="Impossible de charger la liste des sections"
          onRetry={() => void sections.refetch()}
        />
      ) : (
        <DataTable
          caption="Sections"
          columns={columns}
          rows={sections.data?.data}
          loading={sections.isPending}
          rowKey={(s) => s.id}
          emptyMessage="Aucune section"
          onRowClick={(s) => setEditing(s)}
          actions={(s) => (
            <>
              <button
                type="button"
                className={iconButton}
                aria-label={`Modifier ${s.nom}`}
                title="Modifier"
                onClick={() => setEditing(s)}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={`${iconButton} hover:text-red-600`}
                aria-label={`Supprimer ${s.nom}`}
                title={
                  s.memberCount > 0 ? 'Section avec des membres : réaffectez-les avant de la supprimer' : 'Supprimer'
                }
                disabled={s.memberCount > 0}
                onClick={() => setToDelete(s)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </>
          )}
        />
      )}
      {editing !== null && (
        <SectionFormModal section={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        kind="danger"
        title="Supprimer la section"
        message={toDelete ? SECTION_MESSAGES.deleteConfirm(toDelete.nom) : ''}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
