import { formatDate } from '@gmao/domain/format/format';
import type { Habilitation } from '@gmao/domain/habilitations/habilitation-schemas';
import { HABILITATION_UI as U } from '@gmao/domain/habilitations/habilitation-schemas';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/form-field';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { useDeleteHabilitation, useSetMedicalFitness, useUserHabilitations } from '../api/habilitations';
import { TitleFormModal, type TitleFormMode } from './title-form-modal';
import { symbolLabel, TitleStateBadge } from './title-state-badge';
import { TitreDocumentActions } from './titre-document-actions';

function MedicalFitness({ userId, day, canManage }: { userId: number; day: string | null; canManage: boolean }) {
  const [value, setValue] = useState(day ?? '');
  useEffect(() => setValue(day ?? ''), [day]);
  const save = useSetMedicalFitness(userId);
  if (!canManage) {
    return (
      <p className="text-sm text-slate-700">
        {U.medical} : {day ? formatDate(day) : U.medicalNone}
      </p>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value || null, { onSuccess: () => notify.success(U.medicalSave) });
      }}
    >
      <label className="text-sm text-slate-700" htmlFor={`aptitude-${userId}`}>
        {U.medical}
        <input
          id={`aptitude-${userId}`}
          type="date"
          className={`${inputClass()} mt-1`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <Button type="submit" variant="secondary" loading={save.isPending}>
        {U.medicalSave}
      </Button>
    </form>
  );
}

/**
 * A user's titres d'habilitation (the Habilitations tab of the user, and the admin page's detail): the history,
 * newest first, with add / renew / correct / delete (confirmed) for holders of habilitations:manage, and the medical
 * fitness date.
 */
export function UserHabilitations({ userId, nom, canManage }: { userId: number; nom: string; canManage: boolean }) {
  const query = useUserHabilitations(userId);
  const remove = useDeleteHabilitation();
  const [form, setForm] = useState<TitleFormMode | null>(null);
  const [toDelete, setToDelete] = useState<Habilitation | null>(null);

  if (query.isError) return <LoadErrorState description={U.loadError} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spinner />;
  const { titres, aptitude_medicale_jusqu_au } = query.data;

  return (
    <div className="space-y-4">
      <MedicalFitness userId={userId} day={aptitude_medicale_jusqu_au} canManage={canManage} />
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold text-slate-900">{U.history}</h3>
        {canManage && <Button onClick={() => setForm({ kind: 'add' })}>{U.add}</Button>}
      </div>
      {titres.length === 0 ? (
        <p className="text-sm text-slate-500">{U.noTitles}</p>
      ) : (
        <ul aria-label={U.history} className="divide-y divide-slate-100 rounded border border-slate-200">
          {titres.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
              <span className="font-semibold text-slate-900">{symbolLabel(t)}</span>
              <span className="text-slate-600">{t.domaine}</span>
              <span className="text-slate-600">
                {formatDate(t.delivree_le)} → {formatDate(t.valide_jusqu_au)}
              </span>
              <TitleStateBadge title={t} />
              {t.champ && <span className="text-slate-500">{t.champ}</span>}
              <span className={canManage ? '' : 'ml-auto'}>
                <TitreDocumentActions title={t} canManage={canManage} />
              </span>
              {canManage && (
                <span className="ml-auto flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setForm({ kind: 'renew', from: t })}>
                    {U.renew}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setForm({ kind: 'edit', title: t })}>
                    {U.edit}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setToDelete(t)}>
                    {U.delete}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {form && <TitleFormModal userId={userId} mode={form} onClose={() => setForm(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        kind="danger"
        title={U.deleteTitle}
        message={toDelete ? U.deleteMessage(symbolLabel(toDelete), nom) : ''}
        confirmLabel={U.delete}
        loading={remove.isPending}
        closeOnOverlayClick={false}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
      />
    </div>
  );
}
