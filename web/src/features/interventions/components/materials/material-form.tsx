import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import {
  type Material,
  type MaterialFormValues,
  materialFormSchema,
} from '@gmao/domain/interventions/material-schemas';
import { MATERIAL_MESSAGES } from '@gmao/domain/interventions/messages';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { CENTRAL_STORE } from '@gmao/domain/stock/stock-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { Select } from '../../../../components/ui/select';
import { sendOrQueue, useOutboxUserId } from '../../../../lib/offline/pending';
import { usePermissions } from '../../../../lib/session';
import { readUser } from '../../../../lib/session-storage';
import { notify } from '../../../../lib/toast';
import { useAddMaterial, useUpdateMaterial } from '../../api/mutate-materials';
import { useLocationChoices, usePartChoices } from '../../api/part-requests';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { RecordFormButtons } from '../records/record-view';

const toBody = (v: MaterialFormValues) => ({
  designation: v.designation,
  reference: v.reference.trim() || null,
  quantite: v.quantite.trim().replace(',', '.'),
  prixUnitaire: v.prixUnitaire.trim().replace(',', '.'),
});

/** Add (no `material`) or edit one material line. */
export function MaterialForm({
  interventionId,
  material,
  onDone,
  version = 1,
}: {
  interventionId: number;
  material?: Material;
  onDone: () => void;
  /** The intervention's version shown (an offline line's base). */
  version?: number;
}) {
  const userId = useOutboxUserId();
  const add = useAddMaterial();
  const update = useUpdateMaterial();
  const { can } = usePermissions();
  // Issue 18: a new line may take a catalogue part (reserved from the central store until the work is done); a
  // free-text line stays possible.
  const fromCatalogue = !material && can(PERMISSIONS.STOCK_READ);
  const parts = usePartChoices(fromCatalogue);
  const [partId, setPartId] = useState('');
  // …taken from the chosen location (the central store when none is chosen)
  const locations = useLocationChoices(fromCatalogue && partId !== '');
  const [locationId, setLocationId] = useState('');
  // Issue 32: on site the part comes from his vehicle: its location is the default once the locations are known
  // (loaded ahead with his day, so offline too), unless he chose another one.
  const [locationChosen, setLocationChosen] = useState(false);
  const [me] = useState(() => readUser()?.id ?? null);
  const myVehicle = locations.data?.data.find((l) => l.technicien_id !== null && l.technicien_id === me);
  useEffect(() => {
    if (!locationChosen && myVehicle && partId !== '') setLocationId(String(myVehicle.id));
  }, [locationChosen, myVehicle, partId]);
  const form = useForm<MaterialFormValues>({
    resolver: zodResolver(materialFormSchema),
    defaultValues: {
      designation: material?.designation ?? '',
      reference: material?.reference ?? '',
      quantite: material?.quantite ?? '1',
      prixUnitaire: material?.prixUnitaire ?? '',
    },
  });
  const { errors } = form.formState;
  const prefix = material ? `material-${material.id}` : 'material-new';
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (material) {
        const res = await update.mutateAsync({ id: interventionId, mid: material.id, body: toBody(values) });
        toastInterventionSuccess(res.message, MATERIAL_MESSAGES.updated);
        onDone();
        return;
      }
      const body = {
        ...toBody(values),
        ...(partId ? { part_id: Number(partId) } : {}),
        ...(partId && locationId ? { location_id: Number(locationId) } : {}),
      };
      // Issue 32: a new line (a part of his vehicle's stock) is kept on the phone when there is no network.
      const out = await sendOrQueue(
        { userId, interventionId, type: 'material', payload: body, baseVersion: version },
        () => add.mutateAsync({ id: interventionId, body }),
      );
      if (out.queued) notify.success(OUTBOX_MESSAGES.queued);
      else toastInterventionSuccess(out.result.message, MATERIAL_MESSAGES.created);
      onDone();
    } catch (err) {
      toastInterventionError(err, material ? MATERIAL_MESSAGES.updateFailed : MATERIAL_MESSAGES.createFailed);
    }
  });
  const field = (name: keyof MaterialFormValues, label: string, required: boolean, extra = {}) => (
    <FormField label={label} htmlFor={`${prefix}-${name}`} required={required} error={errors[name]?.message}>
      <input
        id={`${prefix}-${name}`}
        className={inputClass(!!errors[name])}
        {...fieldAria(`${prefix}-${name}`, errors[name]?.message)}
        {...extra}
        {...form.register(name)}
      />
    </FormField>
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={material ? 'Modifier le matériel' : 'Ajouter du matériel'}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {fromCatalogue && (
          <FormField label="Pièce du catalogue (facultatif)" htmlFor={`${prefix}-part`} className="sm:col-span-2">
            <Select
              id={`${prefix}-part`}
              searchable
              placeholder="Aucune (saisie libre)"
              value={partId}
              onChange={(v) => {
                const id = String(v);
                setPartId(id);
                const part = parts.data?.data.find((p) => String(p.id) === id);
                if (!part) return;
                form.setValue('designation', part.designation, { shouldValidate: true });
                form.setValue('reference', part.reference);
                form.setValue('prixUnitaire', String(part.prix_unitaire).replace('.', ','), { shouldValidate: true });
              }}
              options={[
                { value: '', label: 'Aucune (saisie libre)' },
                ...(parts.data?.data ?? []).map((p) => ({
                  value: String(p.id),
                  label: `${p.reference} — ${p.designation} (${p.available} disponible(s))`,
                })),
              ]}
              aria-label="Pièce du catalogue (facultatif)"
            />
          </FormField>
        )}
        {fromCatalogue && partId !== '' && (
          <FormField label="Emplacement de sortie" htmlFor={`${prefix}-location`} className="sm:col-span-2">
            <Select
              id={`${prefix}-location`}
              placeholder={`${CENTRAL_STORE} (par défaut)`}
              value={locationId}
              onChange={(v) => {
                setLocationChosen(true);
                setLocationId(String(v));
              }}
              options={[
                { value: '', label: `${CENTRAL_STORE} (par défaut)` },
                ...(locations.data?.data ?? [])
                  .filter((l) => l.nom !== CENTRAL_STORE)
                  .map((l) => ({ value: String(l.id), label: l.nom })),
              ]}
              aria-label="Emplacement de sortie"
            />
          </FormField>
        )}
        {field('designation', 'Désignation', true)}
        {field('reference', 'Référence', false)}
        {field('quantite', 'Quantité', true, { inputMode: 'decimal' })}
        {field('prixUnitaire', 'Prix unitaire (MAD)', true, { inputMode: 'decimal', placeholder: 'ex. 125,50' })}
      </div>
      <RecordFormButtons saving={add.isPending || update.isPending} onCancel={onDone} />
    </form>
  );
}
