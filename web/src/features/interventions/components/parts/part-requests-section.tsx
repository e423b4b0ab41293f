import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { PAUSE_MOTIF_MESSAGES } from '@gmao/domain/contracts/contract-constants';
import { formatDate, formatNumber } from '@gmao/domain/format/format';
import { partRequestInputSchema, STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { useState } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { FormField, inputClass } from '../../../../components/ui/form-field';
import { Select } from '../../../../components/ui/select';
import { usePermissions } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import {
  useCancelPartRequest,
  useCreatePartRequest,
  usePartChoices,
  usePartRequests,
  useReceivePartRequest,
  useSetClientSupplied,
} from '../../api/part-requests';

const STATUT = { OUVERTE: ['Commandée', 'yellow'], RECUE: ['Reçue', 'green'], ANNULEE: ['Annulée', 'gray'] } as const;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Issue 18: the parts an intervention waits for — which, how many, from whom, ordered and expected when. An open
 * request is what lets the intervention move to 'En attente PDR'; receiving it enters the parts in stock.
 */
export function PartRequestsSection({ interventionId, writable }: { interventionId: number; writable: boolean }) {
  const { can } = usePermissions();
  const requests = usePartRequests(interventionId);
  const parts = usePartChoices(writable && can(PERMISSIONS.STOCK_READ));
  const create = useCreatePartRequest(interventionId);
  const receive = useReceivePartRequest(interventionId);
  const cancel = useCancelPartRequest(interventionId);
  const clientSupplied = useSetClientSupplied(interventionId);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({
    part_id: '',
    quantite: '1',
    fournisseur: '',
    date_commande: today(),
    date_prevue: '',
    fourni_par_client: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const rows = requests.data?.data ?? [];

  const submit = async () => {
    const parsed = partRequestInputSchema.safeParse({
      lignes: values.part_id ? [{ part_id: Number(values.part_id), quantite: values.quantite }] : [],
      fournisseur: values.fournisseur,
      date_commande: values.date_commande,
      date_prevue: values.date_prevue || null,
      fourni_par_client: values.fourni_par_client,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await create.mutateAsync(parsed.data);
      notify.success(STOCK_MESSAGES.requestCreated);
      setOpen(false);
    } catch {
      // the API client has shown the server's message
    }
  };

  return (
    <div className="space-y-3">
      {requests.isPending ? (
        <p className="text-sm text-slate-500">Chargement des demandes…</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">Aucune demande de pièces.</p>
      ) : (
        <ul
          aria-label="Demandes de pièces"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
        >
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">
                  {r.lignes.map((l) => `${formatNumber(l.quantite)} × ${l.designation}`).join(', ')}
                </span>
                <span className="block text-xs text-slate-500">
                  {r.fournisseur} · commandée le {formatDate(r.date_commande)}
                  {r.date_prevue ? ` · attendue le ${formatDate(r.date_prevue)}` : ''}
                  {r.fourni_par_client ? ` · ${PAUSE_MOTIF_MESSAGES.fourniParClient}` : ''}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge tone={STATUT[r.statut][1]}>{STATUT[r.statut][0]}</Badge>
                {r.statut === 'OUVERTE' && can(PERMISSIONS.STOCK_MANAGE) && (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={receive.isPending}
                    onClick={async () => {
                      try {
                        await receive.mutateAsync(r.id);
                        notify.success(STOCK_MESSAGES.requestReceived);
                      } catch {
                        // the API client has shown the server's message
                      }
                    }}
                  >
                    Réceptionner
                  </Button>
                )}
                {r.statut === 'OUVERTE' && writable && (
                  // Issue 31: who supplies the parts (the contract may suspend the guaranteed times meanwhile).
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-pressed={!!r.fourni_par_client}
                    loading={clientSupplied.isPending && clientSupplied.variables?.rid === r.id}
                    onClick={async () => {
                      const fourniParClient = !r.fourni_par_client;
                      try {
                        await clientSupplied.mutateAsync({ rid: r.id, fourniParClient });
                        notify.success(
                          fourniParClient ? STOCK_MESSAGES.clientSuppliedSet : STOCK_MESSAGES.clientSuppliedUnset,
                        );
                      } catch {
                        // the API client has shown the server's message
                      }
                    }}
                  >
                    {STOCK_MESSAGES.markClientSupplied}
                  </Button>
                )}
                {r.statut === 'OUVERTE' && writable && (
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={cancel.isPending && cancel.variables === r.id}
                    onClick={async () => {
                      try {
                        await cancel.mutateAsync(r.id);
                        notify.success(STOCK_MESSAGES.requestCancelled);
                      } catch {
                        // the API client has shown the server's message (the last request of a waiting intervention)
                      }
                    }}
                  >
                    {STOCK_MESSAGES.cancelRequestAction}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {writable && can(PERMISSIONS.STOCK_READ) && !open && (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          Demander des pièces
        </Button>
      )}
      {open && (
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-slate-700">Nouvelle demande de pièces</legend>
          <FormField label="Pièce" htmlFor="pr-part" required error={errors.lignes}>
            <Select
              id="pr-part"
              searchable
              placeholder="Choisir une pièce"
              value={values.part_id}
              onChange={(v) => setValues({ ...values, part_id: String(v) })}
              options={(parts.data?.data ?? []).map((p) => ({
                value: String(p.id),
                label: `${p.reference} — ${p.designation}`,
              }))}
              aria-label="Pièce"
            />
          </FormField>
          <FormField label="Quantité" htmlFor="pr-qty" required>
            <input
              id="pr-qty"
              inputMode="decimal"
              className={inputClass()}
              value={values.quantite}
              onChange={(e) => setValues({ ...values, quantite: e.target.value })}
            />
          </FormField>
          <FormField label="Fournisseur" htmlFor="pr-supplier" required error={errors.fournisseur}>
            <input
              id="pr-supplier"
              className={inputClass(!!errors.fournisseur)}
              value={values.fournisseur}
              onChange={(e) => setValues({ ...values, fournisseur: e.target.value })}
            />
          </FormField>
          <FormField label="Commandée le" htmlFor="pr-ordered" required error={errors.date_commande}>
            <input
              id="pr-ordered"
              type="date"
              className={inputClass()}
              value={values.date_commande}
              onChange={(e) => setValues({ ...values, date_commande: e.target.value })}
            />
          </FormField>
          <FormField label="Attendue le" htmlFor="pr-expected">
            <input
              id="pr-expected"
              type="date"
              className={inputClass()}
              value={values.date_prevue}
              onChange={(e) => setValues({ ...values, date_prevue: e.target.value })}
            />
          </FormField>
          {/* Issue 31: the contract's rule "pièces fournies par le client" suspends the guaranteed times. */}
          <label className="flex items-start gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              className="mt-1"
              checked={values.fourni_par_client}
              onChange={(e) => setValues({ ...values, fourni_par_client: e.target.checked })}
              aria-describedby="pr-client-hint"
            />
            <span>
              <span className="font-medium text-slate-900">{PAUSE_MOTIF_MESSAGES.fourniParClient}</span>
              <span id="pr-client-hint" className="block text-xs text-slate-600">
                {PAUSE_MOTIF_MESSAGES.fourniParClientHint}
              </span>
            </span>
          </label>
          <div className="flex items-end justify-end gap-2 sm:col-span-2">
            <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button size="sm" loading={create.isPending} onClick={submit}>
              Enregistrer la demande
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
