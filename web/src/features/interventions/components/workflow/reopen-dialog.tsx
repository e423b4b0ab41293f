import { type ReopenFormInput, reopenFormSchema } from '@gmao/domain/interventions/intervention-schemas';
import { REOPEN_MESSAGES as M } from '@gmao/domain/interventions/workflow';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { Modal } from '../../../../components/ui/modal';

/**
 * Issue 30: leaving TERMINEE (a reopening) asks for confirmation and its motif (required, the domain's schema; the
 * server refuses it without one). An overlay click never closes it: the motif typed would be lost.
 */
type ReopenDialogProps = {
  open: boolean;
  /** The label of the status it will move to. */
  target: string;
  approved: boolean;
  saving: boolean;
  onClose: () => void;
  onConfirm: (motif: string) => void;
};

/**
 * Its form exists only while it is open (issue 30 item 10: four lists keep it in their tree, and a closed dialog's form
 * cost a phone ~40 ms on every load).
 */
export function ReopenDialog(props: ReopenDialogProps) {
  return props.open ? <ReopenForm {...props} /> : null;
}

function ReopenForm({ open, target, approved, saving, onClose, onConfirm }: ReopenDialogProps) {
  const form = useForm<ReopenFormInput>({ resolver: zodResolver(reopenFormSchema), defaultValues: { motif: '' } });
  const error = form.formState.errors.motif?.message;
  useEffect(() => {
    if (open) form.reset({ motif: '' });
  }, [open, form]);
  const submit = form.handleSubmit(({ motif }) => onConfirm(motif));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={M.confirmTitle}
      size="md"
      closeDisabled={saving}
      closeOnOverlayClick={false}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          {M.confirmText(target)}
          {approved && <> {M.confirmApproved}</>}
        </p>
        <FormField label={M.motifLabel} htmlFor="reopen-motif" required error={error}>
          <textarea
            id="reopen-motif"
            rows={3}
            maxLength={1000}
            placeholder={M.motifPlaceholder}
            className={inputClass(!!error)}
            {...fieldAria('reopen-motif', error)}
            {...form.register('motif')}
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
