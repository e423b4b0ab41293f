import type { CustomFieldFormValues } from '@gmao/domain/custom-fields/custom-field-form';
import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import type { CustomFieldInput } from '@gmao/domain/custom-fields/custom-field-schemas';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { fieldAria, inputClass } from '../../../components/ui/form-field';
import { RowAction } from '../../../components/ui/row-action';

type CustomFieldForm = UseFormReturn<CustomFieldFormValues, unknown, CustomFieldInput>;

/** Holds the place of a missing up/down button (first and last options) so every input has the same width. */
const SPACER = <span className="inline-block w-9 shrink-0 sm:w-7" aria-hidden="true" />;

/** The choices of a list field, in the order the select shows them: one input each, moved, removed, added. */
export function CustomFieldOptionsField({ form, className = '' }: { form: CustomFieldForm; className?: string }) {
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'options' });
  const errors = form.formState.errors.options;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className={`min-w-0 space-y-2 ${className}`.trim()}>
      <legend className="mb-2 text-sm font-medium text-slate-700">
        {M.optionsLegend}
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>{' '}
        <span className="sr-only">(obligatoire)</span>
      </legend>
      <ol className="space-y-2">
        {fields.map((item, index) => {
          const id = `custom-field-option-${index}`;
          const error = errors?.[index]?.value?.message;
          return (
            <li key={item.id}>
              <div className="flex items-center gap-1">
                <label htmlFor={id} className="w-20 shrink-0 text-sm text-slate-600">
                  Option {index + 1}
                </label>
                <input
                  id={id}
                  autoComplete="off"
                  className={inputClass(!!error)}
                  {...fieldAria(id, error)}
                  {...form.register(`options.${index}.value`)}
                />
                {index > 0 ? (
                  <RowAction
                    label={`Monter l'option ${index + 1}`}
                    icon={ArrowUp}
                    onClick={() => swap(index, index - 1)}
                  />
                ) : (
                  SPACER
                )}
                {index < fields.length - 1 ? (
                  <RowAction
                    label={`Descendre l'option ${index + 1}`}
                    icon={ArrowDown}
                    onClick={() => swap(index, index + 1)}
                  />
                ) : (
                  SPACER
                )}
                <RowAction
                  label={`Retirer l'option ${index + 1}`}
                  icon={Trash2}
                  tone="danger"
                  onClick={() => remove(index)}
                />
              </div>
              {error && (
                <p id={`${id}-error`} role="alert" className="mt-1 ml-21 text-sm text-red-600">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      )}
      <Button variant="secondary" size="sm" disabled={fields.length >= 50} onClick={() => append({ value: '' })}>
        <Plus className="h-4 w-4" aria-hidden="true" /> {M.addOption}
      </Button>
    </fieldset>
  );
}
