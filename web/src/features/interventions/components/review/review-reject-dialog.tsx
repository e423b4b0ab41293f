import { type ReviewRejectInput, reviewRejectSchema } from '@gmao/domain/interventions/review-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { Modal } from '../../../../components/ui/modal';

/** 'Rejeter' asks for the reason (required, validated by the domain schema). */
export function ReviewRejectDialog({
  open,
  saving,
  onClose,
  onReject,
}: {
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<boolean>;
}) {
  const form = useForm<ReviewRejectInput>({ resolver: zodResolver(reviewRejectSchema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;
  const submit = form.handleSubmit(async ({ reason }) => {
    if (await onReject(reason)) form.reset({ reason: '' });
  });
  return (
    <Modal open={open} onClose={onClose} title="Rejeter l'intervention" size="md" closeDisabled={saving}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Motif du rejet" htmlFor="review-reason" required error={error}>
          <textarea
            id="review-reason"
            rows={3}
            maxLength={1000}
            className={inputClass(!!error)}
            {...fieldAria('review-reason', error)}
            {...form.register('reason')}
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" loading={saving}>
            Confirmer le rejet
          </Button>
        </div>
      </form>
    </Modal>
  );
}
