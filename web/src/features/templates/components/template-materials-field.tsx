import { formatCurrency } from '@gmao/domain/format/format';
import { MAX_MATERIAL_LINES, PRIX_PATTERN, QUANTITE_PATTERN } from '@gmao/domain/interventions/material-schemas';
import { plannedTotal } from '@gmao/domain/templates/template-display';
import type { TemplateFormValues, TemplateInput } from '@gmao/domain/templates/template-schemas';
import { Plus, Trash2 } from 'lucide-react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { RowAction } from '../../../components/ui/row-action';
import { RowCellField } from '../../../components/ui/row-cell-field';

type TemplateForm = UseFormReturn<TemplateFormValues, unknown, TemplateInput>;
type LineField = 'designation' | 'reference' | 'quantite' | 'prixUnitaire';

const COLUMNS: { name: LineField; label: string; required?: boolean; inputMode?: 'decimal' }[] = [
  { name: 'designation', label: 'Désignation', required: true },
  { name: 'reference', label: 'Référence' },
  { name: 'quantite', label: 'Quantité', required: true, inputMode: 'decimal' },
  { name: 'prixUnitaire', label: 'Prix unitaire (MAD)', required: true, inputMode: 'decimal' },
];

/** Planned materials: lines of désignation, référence, quantité and prix unitaire ('12,5' accepted), and their total. */
export function TemplateMaterialsField({ form }: { form: TemplateForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'materiaux' });
  const lines = useWatch({ control: form.control, name: 'materiaux' }) ?? [];
  const errors = form.formState.errors.materiaux;
  // The total counts the lines typed correctly so far (the others show their error on submit).
  const decimal = (v: string) => v.trim().replace(',', '.');
  const validLines = lines.filter(
    (l) => QUANTITE_PATTERN.test(decimal(l.quantite)) && PRIX_PATTERN.test(decimal(l.prixUnitaire)),
  );
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Matériel prévu</legend>
      {fields.length === 0 && <p className="text-sm text-slate-500">Aucun matériel prévu.</p>}
      {fields.map((field, index) => (
        <div key={field.id} className="rounded-lg border border-slate-200 p-3">
          <div className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-start">
            {COLUMNS.map((column) => {
              const id = `template-material-${index}-${column.name}`;
              const error = errors?.[index]?.[column.name]?.message;
              return (
                <RowCellField
                  key={column.name}
                  id={id}
                  label={column.label}
                  rowLabel={`ligne ${index + 1}`}
                  required={column.required}
                  inputMode={column.inputMode}
                  error={error}
                  registration={form.register(`materiaux.${index}.${column.name}`)}
                />
              );
            })}
            <div className="sm:pt-5">
              <RowAction
                label={`Retirer la ligne ${index + 1}`}
                icon={Trash2}
                tone="danger"
                onClick={() => remove(index)}
              />
            </div>
          </div>
        </div>
      ))}
      {errors?.root?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={fields.length >= MAX_MATERIAL_LINES}
          onClick={() => append({ designation: '', reference: '', quantite: '1', prixUnitaire: '' })}
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Ajouter du matériel
        </Button>
        {fields.length > 0 && (
          <p className="text-sm text-slate-700">
            Total prévu : <span className="font-semibold">{formatCurrency(plannedTotal(validLines))}</span>
          </p>
        )}
      </div>
    </fieldset>
  );
}
