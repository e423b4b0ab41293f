import type { Failure } from '@gmao/domain/common/api';
import {
  BULK_FIELDS,
  BULK_MESSAGES,
  type BulkField,
  type BulkUpdateData,
  bulkUpdateDataSchema,
  BULK_LABELS as L,
} from '@gmao/domain/interventions/bulk-schemas';
import { isStatut, STATUT_LABELS, STATUTS, statutLabel } from '@gmao/domain/interventions/status';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { inputClass } from '../../../../components/ui/form-field';
import { FormModal } from '../../../../components/ui/form-modal';
import { useTechnicians } from '../../api/get-technicians';
import { useBulkUpdate } from '../../api/mutate-bulk';
import { needsReopenMotif } from '../../api/reopen';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { ReopenDialog } from '../workflow/reopen-dialog';
import { BulkFailures, failuresOf } from './bulk-failures';

const FORM_ID = 'bulk-edit-form';
type Values = Record<BulkField, string>;
const EMPTY: Values = { urgence: 'true', date: '', technicianId: '', statut: '' };
const NONE: Record<BulkField, boolean> = { urgence: false, date: false, technicianId: false, statut: false };

/** The API's `data` of the fields the user chose to change. */
function dataOf(values: Values, enabled: Record<BulkField, boolean>) {
  return {
    ...(enabled.urgence ? { urgence: values.urgence === 'true' } : {}),
    ...(enabled.date ? { date: values.date } : {}),
    ...(enabled.technicianId ? { technicianId: values.technicianId ? Number(values.technicianId) : null } : {}),
    ...(enabled.statut ? { statut: values.statut } : {}),
  };
}

/**
 * 'Modifier la sélection': each allowed field is opt-in ('Modifier la date'…), the others stay as they are on every
 * intervention. All or nothing: a refusal lists every intervention that failed and why, and keeps the selection.
 */
export function BulkEditModal({
  ids,
  canAssign,
  onClose,
  onDone,
}: {
  ids: number[];
  canAssign: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [enabled, setEnabled] = useState(NONE);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const technicians = useTechnicians(canAssign);
  const mutation = useBulkUpdate();
  const fields = BULK_FIELDS.filter((f) => f !== 'technicianId' || canAssign);

  // Issue 30: a new status that reopens finished interventions needs a motif; the server names it, the modal asks.
  const [askMotif, setAskMotif] = useState(false);
  const send = async (data: BulkUpdateData, motif?: string) => {
    try {
      const res = await mutation.mutateAsync({ ids, data: motif ? { ...data, motif } : data });
      toastInterventionSuccess(res.message, BULK_MESSAGES.updated(res.data.count));
      setAskMotif(false);
      onDone();
    } catch (err) {
      const failed = failuresOf(err);
      if (!motif && needsReopenMotif(err)) setAskMotif(true);
      else if (failed.length > 0) setFailures(failed);
      else toastInterventionError(err, L.editFailed);
    }
  };
  const parsedData = () => bulkUpdateDataSchema.safeParse(dataOf(values, enabled));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailures([]);
    const parsed = parsedData();
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? L.editFailed);
      return;
    }
    setError(null);
    await send(parsed.data);
  };

  const control = (field: BulkField): ReactNode => {
    const common = {
      id: `bulk-${field}`,
      'aria-label': L.fieldLabel[field],
      className: inputClass(),
      disabled: !enabled[field],
      value: values[field],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
        setValues((v) => ({ ...v, [field]: e.target.value })),
    };
    switch (field) {
      case 'urgence':
        return (
          <select {...common}>
            <option value="true">{L.urgent}</option>
            <option value="false">{L.notUrgent}</option>
          </select>
        );
      case 'date':
        return <input type="date" {...common} />;
      case 'technicianId':
        return (
          <select {...common}>
            <option value="">{L.unassigned}</option>
            {(technicians.data?.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.nom}
              </option>
            ))}
          </select>
        );
      case 'statut':
        return (
          <select {...common}>
            <option value="">{L.chooseStatus}</option>
            {STATUTS.map((s) => (
              <option key={s} value={s}>
                {STATUT_LABELS[s]}
              </option>
            ))}
          </select>
        );
    }
  };

  return (
    <FormModal
      open
      onClose={onClose}
      title={L.editTitle(ids.length)}
      formId={FORM_ID}
      saving={mutation.isPending}
      submitLabel={L.apply}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-slate-600">{L.editHint}</p>
        {fields.map((field) => (
          <div key={field} className="grid items-center gap-2 sm:grid-cols-[14rem_1fr]">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-blue-600"
                checked={enabled[field]}
                onChange={(e) => setEnabled((s) => ({ ...s, [field]: e.target.checked }))}
              />
              {L.editField[field]}
            </label>
            {control(field)}
          </div>
        ))}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <BulkFailures failures={failures} />
      </form>
      <ReopenDialog
        open={askMotif}
        target={isStatut(values.statut) ? statutLabel(values.statut) : ''}
        approved={false}
        saving={mutation.isPending}
        onClose={() => setAskMotif(false)}
        onConfirm={(motif) => {
          const parsed = parsedData();
          if (parsed.success) void send(parsed.data, motif);
        }}
      />
    </FormModal>
  );
}
