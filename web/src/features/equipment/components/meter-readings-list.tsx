import { METER_MESSAGES as M, type MeterReading, meterReadingFormSchema } from '@gmao/domain/equipment/meter-schemas';
import { formatDate } from '@gmao/domain/format/format';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteMeterReading, useUpdateMeterReading } from '../api/meter-readings';

const serverMessage = (err: unknown) =>
  err instanceof ApiError && err.status !== 0 && err.serverMessage ? err.serverMessage : M.updateFailed;

/** One reading being corrected: its value and day, checked by the server's schema, then by the server. */
function ReadingEditor({
  equipmentId,
  reading,
  onDone,
}: {
  equipmentId: number;
  reading: MeterReading;
  onDone: () => void;
}) {
  const update = useUpdateMeterReading(equipmentId);
  const [valeur, setValeur] = useState(String(reading.valeur));
  const [date, setDate] = useState(reading.date);
  const [error, setError] = useState<string | null>(null);
  const prefix = `meter-reading-${reading.id}`;

  const save = async () => {
    const checked = meterReadingFormSchema.safeParse({ date, valeur });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? M.updateFailed);
      return;
    }
    setError(null);
    try {
      const res = await update.mutateAsync({ readingId: reading.id, input: checked.data });
      notify.success(res.message ?? M.updated);
      onDone();
    } catch (err) {
      setError(serverMessage(err));
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-xs text-slate-600" htmlFor={`${prefix}-valeur`}>
        {M.valeurLabel}
        <input
          id={`${prefix}-valeur`}
          type="number"
          min={0}
          inputMode="numeric"
          className={inputClass(!!error)}
          value={valeur}
          onChange={(e) => setValeur(e.target.value)}
        />
      </label>
      <label className="text-xs text-slate-600" htmlFor={`${prefix}-date`}>
        {M.dateLabel}
        <input
          id={`${prefix}-date`}
          type="date"
          className={inputClass(!!error)}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </label>
      <Button size="sm" loading={update.isPending} onClick={save}>
        {update.isPending ? M.saving : M.save}
      </Button>
      <Button size="sm" variant="ghost" disabled={update.isPending} onClick={onDone}>
        {M.cancel}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The recent readings, newest first; a holder of equipment:update corrects one (inline, progress on the button,
 * the server's refusal under the fields) or deletes one after confirmation (issue 29).
 */
export function MeterReadingsList({
  equipmentId,
  readings,
  canEdit,
}: {
  equipmentId: number;
  readings: MeterReading[];
  canEdit: boolean;
}) {
  const remove = useDeleteMeterReading(equipmentId);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<MeterReading | null>(null);

  const onDelete = async () => {
    if (!deleting) return;
    try {
      const res = await remove.mutateAsync(deleting.id);
      notify.success(res.message ?? M.deleted);
      setDeleting(null);
    } catch (err) {
      notify.error(serverMessage(err));
    }
  };

  if (readings.length === 0) return null;
  return (
    <>
      <ul aria-label={M.listLabel} className="mt-2 divide-y divide-slate-100 text-sm">
        {readings.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2 py-1">
            {editing === r.id ? (
              <ReadingEditor equipmentId={equipmentId} reading={r} onDone={() => setEditing(null)} />
            ) : (
              <>
                <span className="flex-1 text-slate-700">
                  {r.valeur} h · {formatDate(r.date)}
                  {r.saisi_par_nom ? ` · ${r.saisi_par_nom}` : ''}
                </span>
                {canEdit && (
                  <>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={M.editLabel(r.valeur, formatDate(r.date))}
                      onClick={() => setEditing(r.id)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={M.deleteLabel(r.valeur, formatDate(r.date))}
                      onClick={() => setDeleting(r)}
                    >
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                    </Button>
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        kind="danger"
        title={M.deleteTitle}
        message={deleting ? M.deleteConfirm(deleting.valeur, formatDate(deleting.date)) : ''}
        confirmLabel={M.delete}
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
