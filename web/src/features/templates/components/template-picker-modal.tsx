import { formatNumber } from '@gmao/domain/format/format';
import { templateTypeLabel } from '@gmao/domain/templates/template-display';
import { TEMPLATE_MESSAGES as M, type Template } from '@gmao/domain/templates/template-schemas';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Modal } from '../../../components/ui/modal';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';
import { useTemplates } from '../api/get-templates';

/**
 * 'Partir d'un modèle' from the intervention form: the active templates that fit the chosen equipment's type (the
 * untyped ones fit all), searchable; choosing one goes on to the template's creation form.
 */
export function TemplatePickerModal({
  equipmentType,
  onPick,
  onClose,
}: {
  /** The equipment already chosen in the intervention form, if any. */
  equipmentType: string | null;
  onPick: (template: Template) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const query = useTemplates({ search: search || undefined, type_equipement: equipmentType ?? undefined });
  const templates = query.data?.data ?? [];

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = <LoadErrorState description={M.loadFailed} retryVariant="secondary" onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner size="md" className="text-blue-600" />
      </div>
    );
  } else if (templates.length === 0) {
    body = <p className="py-6 text-center text-sm text-slate-500">{search ? M.empty : M.none}</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {templates.map((t) => (
          <li key={t.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{t.nom}</p>
              <p className="text-xs text-slate-500">
                {templateTypeLabel(t.type_equipement)} · {formatNumber(t.checklist.length)}{' '}
                {t.checklist.length > 1 ? 'étapes' : 'étape'} · {formatNumber(t.materiaux.length)}{' '}
                {t.materiaux.length > 1 ? 'lignes de matériel' : 'ligne de matériel'}
                {t.urgence && ' · urgent'}
              </p>
            </div>
            <Button size="sm" variant="secondary" aria-label={`Choisir ${t.nom}`} onClick={() => onPick(t)}>
              Choisir
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal open onClose={onClose} title="Partir d'un modèle" size="xl">
      <div className="space-y-3">
        {equipmentType && (
          <p className="text-sm text-slate-600">
            Modèles pour les équipements de type {templateTypeLabel(equipmentType)} et modèles tous types.
          </p>
        )}
        <SearchInput
          value={search}
          onChange={setSearch}
          aria-label="Rechercher un modèle"
          placeholder="Rechercher un modèle..."
        />
        {body}
      </div>
    </Modal>
  );
}
