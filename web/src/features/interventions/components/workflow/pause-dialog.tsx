import {
  PAUSE_MOTIF_MESSAGES as M,
  PAUSE_MOTIF_LABELS,
  PAUSE_MOTIFS,
  type PauseMotif,
} from '@gmao/domain/contracts/contract-constants';
import { type PauseFormInput, pauseFormSchema } from '@gmao/domain/interventions/intervention-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { Modal } from '../../../../components/ui/modal';

/**
 * Issue 31: putting an intervention EN_PAUSE asks why — "attente client" suspends the guaranteed times when the
 * contract says so, "autre" (an internal cause) lets them run. The motif is required here (the domain's form
 * schema); the server keeps the choice on the intervention while it stays paused and writes it in the history.
 */
export function PauseDialog({
  open,
  saving,
  onClose,
  onConfirm,
}: {
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onConfirm: (motif: PauseMotif, note: string) => void;
}) {
  const form = useForm<PauseFormInput>({
    resolver: zodResolver(pauseFormSchema),
    defaultValues: { pause_motif: undefined, note: '' },
  });
  const motifError = form.formState.errors.pause_motif?.message;
  const noteError = form.formState.errors.note?.message;
  useEffect(() => {
    if (open) form.reset({ pause_motif: undefined, note: '' });
  }, [open, form]);
  const submit = form.handleSubmit((v) => onConfirm(v.pause_motif, v.note));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={M.dialogTitle}
      size="md"
      closeDisabled={saving}
      closeOnOverlayClick={false}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset aria-describedby={motifError ? 'pause-motif-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            {M.dialogText} <span className="text-red-600">*</span>
          </legend>
          <div className="space-y-2">
            {PAUSE_MOTIFS.map((m) => (
              <label
                key={m}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50"
              >
                <input type="radio" value={m} className="mt-1" {...form.register('pause_motif')} />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{PAUSE_MOTIF_LABELS[m]}</span>
                  <span className="block text-xs text-slate-600">{M.hints[m]}</span>
                </span>
              </label>
            ))}
          </div>
          {motifError && (
            <p id="pause-motif-error" role="alert" className="mt-1 text-sm text-red-600">
              {motifError}
            </p>
          )}
        </fieldset>
        <FormField label={M.noteLabel} htmlFor="pause-note" error={noteError}>
          <textarea
            id="pause-note"
            rows={2}
            maxLength={2000}
            className={inputClass(!!noteError)}
            {...fieldAria('pause-note', noteError)}
            {...form.register('note')}
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {M.cancel}
          </Button>
          <Button type="submit" variant="warning" loading={saving}>
            {M.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
