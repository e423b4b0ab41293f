import { EQUIPMENT_TYPES, equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { STOCK_LABELS as L } from '@gmao/domain/stock/stock-labels';
import { type Part, type PartInput, partInputSchema, STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { FormTextField } from '../../../components/ui/form-text-field';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../lib/toast';
import { useCreatePart, useUpdatePart } from '../api/stock';
import { PartSuppliersField } from './part-suppliers-field';

type PartField =
  | 'reference'
  | 'designation'
  | 'famille'
  | 'unite'
  | 'prix_unitaire'
  | 'seuil_reappro'
  | 'quantite_reappro';

/**
 * A part's form (stock:manage), validated with the server's schema: a new part (POST /parts), or `part` edited
 * (PUT /parts/:id). Its compatible equipment types are chosen in a list; its suppliers are rows added and removed.
 */
export function PartFormModal({ part, onClose }: { part?: Part; onClose: () => void }) {
  const create = useCreatePart();
  const update = useUpdatePart(part?.id ?? 0);
  const saving = create.isPending || update.isPending;
  const form = useForm<z.input<typeof partInputSchema>, unknown, PartInput>({
    resolver: zodResolver(partInputSchema),
    defaultValues: part
      ? {
          reference: part.reference,
          designation: part.designation,
          famille: part.famille ?? '',
          unite: part.unite,
          prix_unitaire: String(part.prix_unitaire),
          seuil_reappro: String(part.seuil_reappro),
          quantite_reappro: String(part.quantite_reappro),
          fournisseurs: part.fournisseurs.map((f) => ({
            nom: f.nom,
            ice: f.ice ?? '',
            contact: f.contact ?? '',
            delai_jours: f.delai_jours === null ? '' : String(f.delai_jours),
          })),
          types_equipement: part.types_equipement,
        }
      : {
          reference: '',
          designation: '',
          famille: '',
          unite: 'pièce',
          prix_unitaire: '',
          seuil_reappro: '0',
          quantite_reappro: '0',
          fournisseurs: [],
          types_equipement: [],
        },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (part) await update.mutateAsync(input);
      else await create.mutateAsync(input);
      notify.success(part ? STOCK_MESSAGES.partUpdated : STOCK_MESSAGES.partCreated);
      onClose();
    } catch {
      // the API client has shown the server's message (a reference already used…)
    }
  });
  const text = (name: PartField, label: string, required = false) => (
    <FormTextField form={form} name={name} label={label} idPrefix="part" required={required} />
  );
  return (
    <FormModal
      open
      onClose={onClose}
      title={part ? L.editPartTitle : L.newPartTitle}
      size="2xl"
      formId="part-form"
      saving={saving}
      submitLabel={part ? L.editPartSubmit : L.createPartSubmit}
    >
      <form id="part-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {text('reference', L.colReference, true)}
        {text('designation', L.colDesignation, true)}
        {text('famille', L.famille)}
        {text('unite', L.unite, true)}
        {text('prix_unitaire', `${L.prixUnitaire} (MAD)`, true)}
        {text('seuil_reappro', L.seuil)}
        {text('quantite_reappro', L.quantiteReappro)}
        <FormField label={L.typesEquipement} htmlFor="part-types" className="sm:col-span-2">
          <Select
            id="part-types"
            multiple
            searchable
            aria-label={L.typesEquipement}
            value={form.watch('types_equipement') ?? []}
            onChange={(types) => form.setValue('types_equipement', types, { shouldDirty: true })}
            options={EQUIPMENT_TYPES.map((t) => ({ value: t, label: equipmentTypeLabel(t) }))}
          />
        </FormField>
        <PartSuppliersField form={form} />
      </form>
    </FormModal>
  );
}
