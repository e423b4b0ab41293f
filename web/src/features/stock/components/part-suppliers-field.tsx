import { STOCK_LABELS as L } from '@gmao/domain/stock/stock-labels';
import type { PartInput, partInputSchema } from '@gmao/domain/stock/stock-schemas';
import { Plus, Trash2 } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { RowAction } from '../../../components/ui/row-action';
import { RowCellField } from '../../../components/ui/row-cell-field';

type PartForm = UseFormReturn<z.input<typeof partInputSchema>, unknown, PartInput>;
type SupplierField = 'nom' | 'ice' | 'contact' | 'delai_jours';

const COLUMNS: { name: SupplierField; label: string; required?: boolean; inputMode?: 'numeric' }[] = [
  { name: 'nom', label: L.supplierNom, required: true },
  { name: 'ice', label: L.supplierIce, inputMode: 'numeric' },
  { name: 'contact', label: L.supplierContact },
  { name: 'delai_jours', label: L.supplierDelai, inputMode: 'numeric' },
];

/** Max suppliers of a part (partInputSchema). */
const MAX_SUPPLIERS = 50;

/** A part's suppliers (issue 18): rows of name, ICE (15 digits), contact and lead time in days, added and removed. */
export function PartSuppliersField({ form }: { form: PartForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'fournisseurs' });
  const errors = form.formState.errors.fournisseurs;
  return (
    <fieldset className="min-w-0 space-y-2 sm:col-span-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{L.fournisseurs}</legend>
      {fields.length === 0 && <p className="text-sm text-slate-500">{L.noSupplier}</p>}
      {fields.map((field, index) => (
        <div key={field.id} className="rounded-lg border border-slate-200 p-3">
          <div className="grid gap-2 sm:grid-cols-[2fr_1.5fr_1.5fr_1fr_auto] sm:items-start">
            {COLUMNS.map((column) => {
              const id = `part-supplier-${index}-${column.name}`;
              const error = errors?.[index]?.[column.name]?.message;
              return (
                <RowCellField
                  key={column.name}
                  id={id}
                  label={column.label}
                  rowLabel={String(index + 1)}
                  required={column.required}
                  inputMode={column.inputMode}
                  error={error}
                  registration={form.register(`fournisseurs.${index}.${column.name}`)}
                />
              );
            })}
            <div className="sm:pt-5">
              <RowAction
                label={L.removeSupplier(index + 1)}
                icon={Trash2}
                tone="danger"
                onClick={() => remove(index)}
              />
            </div>
          </div>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        disabled={fields.length >= MAX_SUPPLIERS}
        onClick={() => append({ nom: '', ice: '', contact: '', delai_jours: '' })}
      >
        <Plus className="h-4 w-4" aria-hidden="true" /> {L.addSupplier}
      </Button>
    </fieldset>
  );
}
