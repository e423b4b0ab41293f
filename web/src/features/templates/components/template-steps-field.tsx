import { CHECKLIST_MAX_ITEMS } from '@gmao/domain/interventions/checklist-schemas';
import type { TemplateFormValues, TemplateInput } from '@gmao/domain/templates/template-schemas';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { fieldAria, inputClass } from '../../../components/ui/form-field';
import { RowAction } from '../../../components/ui/row-action';

type TemplateForm = UseFormReturn<TemplateFormValues, unknown, TemplateInput>;

/** Holds the place of a missing up/down button (first and last steps) so every input has the same width. */
const SPACER = <span className="inline-block w-9 shrink-0 sm:w-7" aria-hidden="true" />;

/** The checklist steps of a template: one input per step, moved up or down, removed, added at the end. */
export function TemplateStepsField({ form }: { form: TemplateForm }) {
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'checklist' });
  const errors = form.formState.errors.checklist;
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Étapes de la checklist</legend>
      {fields.length === 0 && <p className="text-sm text-slate-500">Aucune étape.</p>}
      <ol className="space-y-2">
        {fields.map((field, index) => {
          const id = `template-step-${index}`;
          const error = errors?.[index]?.label?.message ?? errors?.[index]?.message;
          const label = `Étape ${index + 1}`;
          return (
            <li key={field.id}>
              <div className="flex items-center gap-1">
                <label htmlFor={id} className="w-16 shrink-0 text-sm text-slate-600">
                  {label}
                </label>
                <input
                  id={id}
                  className={inputClass(!!error)}
                  autoComplete="off"
                  {...fieldAria(id, error)}
                  {...form.register(`checklist.${index}.label`)}
                />
                {index > 0 ? (
                  <RowAction
                    label={`Monter l'étape ${index + 1}`}
                    icon={ArrowUp}
                    onClick={() => swap(index, index - 1)}
                  />
                ) : (
                  SPACER
                )}
                {index < fields.length - 1 ? (
                  <RowAction
                    label={`Descendre l'étape ${index + 1}`}
                    icon={ArrowDown}
                    onClick={() => swap(index, index + 1)}
                  />
                ) : (
                  SPACER
                )}
                <RowAction
                  label={`Retirer l'étape ${index + 1}`}
                  icon={Trash2}
                  tone="danger"
                  onClick={() => remove(index)}
                />
              </div>
              {error && (
                <p id={`${id}-error`} role="alert" className="mt-1 ml-17 text-sm text-red-600">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {errors?.root?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        disabled={fields.length >= CHECKLIST_MAX_ITEMS}
        onClick={() => append({ label: '' })}
      >
        <Plus className="h-4 w-4" aria-hidden="true" /> Ajouter une étape
      </Button>
    </fieldset>
  );
}
