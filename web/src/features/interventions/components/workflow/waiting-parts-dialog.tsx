import { PAUSE_MOTIF_MESSAGES as M } from '@gmao/domain/contracts/contract-constants';
import { useEffect, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { usePartRequests } from '../../api/part-requests';

/**
 * Issue 31: waiting for parts asks who supplies them. The answer is written on the intervention's open part
 * requests ("fourni par le client", which the contract's rule PIECES_CLIENT reads) before the status moves, so the
 * guaranteed times pause — or keep running — from the start of the wait. Preselected from the requests.
 */
export function WaitingPartsDialog({
  open,
  interventionId,
  saving,
  onClose,
  onConfirm,
}: {
  open: boolean;
  interventionId: number;
  saving: boolean;
  onClose: () => void;
  /** `clientSupplied`: the answer; `rids`: the open requests to mark so. */
  onConfirm: (clientSupplied: boolean, openRequests: { id: number; fourni_par_client?: boolean }[]) => void;
}) {
  const requests = usePartRequests(interventionId);
  const openRequests = (requests.data?.data ?? []).filter((r) => r.statut === 'OUVERTE');
  const [choice, setChoice] = useState<'client' | 'supplier' | ''>('');
  const [error, setError] = useState('');
  const known = openRequests.length > 0 && openRequests.every((r) => r.fourni_par_client);
  useEffect(() => {
    if (open) {
      setChoice(known ? 'client' : '');
      setError('');
    }
  }, [open, known]);
  const submit = () => {
    if (!choice) {
      setError(M.waitingRequired);
      return;
    }
    onConfirm(choice === 'client', openRequests);
  };
  return (
    <Modal open={open} onClose={onClose} title={M.waitingTitle} size="md" closeDisabled={saving}>
      <div className="space-y-4">
        {!requests.isPending && openRequests.length === 0 && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
            {M.waitingNoRequest}
          </p>
        )}
        <fieldset aria-describedby={error ? 'waiting-parts-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            {M.waitingQuestion} <span className="text-red-600">*</span>
          </legend>
          <div className="space-y-2">
            {(
              [
                ['client', M.waitingClient, M.waitingClientHint],
                ['supplier', M.waitingSupplier, M.waitingSupplierHint],
              ] as const
            ).map(([value, label, hint]) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50"
              >
                <input
                  type="radio"
                  name="waiting-parts"
                  value={value}
                  className="mt-1"
                  checked={choice === value}
                  onChange={() => {
                    setChoice(value);
                    setError('');
                  }}
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-600">{hint}</span>
                </span>
              </label>
            ))}
          </div>
          {error && (
            <p id="waiting-parts-error" role="alert" className="mt-1 text-sm text-red-600">
              {error}
            </p>
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {M.cancel}
          </Button>
          <Button variant="warning" loading={saving} onClick={submit}>
            {M.waitingConfirm}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
