import { derogationInputSchema, HABILITATION_UI as U } from '@gmao/domain/habilitations/habilitation-schemas';
import { useState } from 'react';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { FormModal } from '../../../../components/ui/form-modal';

/**
 * Forcing an assignment the technician's habilitations do not cover (habilitations:override, issue 34): the refusal's
 * reason, and the written justification the server records on the intervention and in the audit log.
 */
export function DerogationDialog({
  reason,
  saving,
  onCancel,
  onConfirm,
}: {
  reason: string;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (motif: string) => void;
}) {
  const [motif, setMotif] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = 'derogation-motif';
  return (
    <FormModal
      open
      onClose={onCancel}
      title={U.derogationTitle}
      formId="derogation-form"
      saving={saving}
      submitLabel={U.derogationConfirm}
    >
      <form
        id="derogation-form"
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = derogationInputSchema.safeParse({ motif });
          if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
          onConfirm(parsed.data.motif);
        }}
      >
        <p className="rounded bg-red-50 p-2 text-sm text-red-800">{reason}</p>
        <p className="text-sm text-slate-600">{U.derogationHelp}</p>
        <FormField label={U.derogationMotif} htmlFor={id} required error={error}>
          <textarea
            id={id}
            rows={3}
            className={inputClass(!!error)}
            value={motif}
            onChange={(e) => setMotif(e.target.value)}
            {...fieldAria(id, error)}
          />
        </FormField>
      </form>
    </FormModal>
  );
}
