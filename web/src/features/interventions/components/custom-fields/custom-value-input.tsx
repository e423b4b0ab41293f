import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import type { CustomField, CustomValues } from '@gmao/domain/custom-fields/custom-field-schemas';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField, fieldErrorId, inputClass } from '../../../../components/ui/form-field';

/** What the form holds per key: text as typed ('0,5' for a number), a boolean or null for yes/no. */
export type CustomFormValues = Record<string, string | boolean | null>;

export const customInputId = (cle: string) => `custom-field-${cle}`;

/**
 * The input of one custom field, by type: text, number with its unit as a suffix (French decimal comma accepted),
 * date, yes/no checkbox, select of the list's options. Required fields carry FormField's red asterisk.
 */
export function CustomValueInput({
  field,
  form,
}: {
  field: CustomField;
  form: UseFormReturn<CustomFormValues, unknown, CustomValues>;
}) {
  const id = customInputId(field.cle);
  const error = form.formState.errors[field.cle]?.message;
  const unitId = `${id}-unit`;
  const describedBy = [error ? fieldErrorId(id) : null, field.type === 'NOMBRE' && field.unite ? unitId : null]
    .filter(Boolean)
    .join(' ');
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
  let control: ReactNode;
  switch (field.type) {
    case 'NOMBRE':
      control = (
        <div className="flex items-center gap-2">
          <input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            className={inputClass(!!error)}
            {...aria}
            {...form.register(field.cle)}
          />
          {field.unite && (
            <span id={unitId} className="shrink-0 text-sm text-slate-600">
              {field.unite}
            </span>
          )}
        </div>
      );
      break;
    case 'DATE':
      control = <input id={id} type="date" className={inputClass(!!error)} {...aria} {...form.register(field.cle)} />;
      break;
    case 'OUI_NON':
      control = (
        <Controller
          control={form.control}
          name={field.cle}
          render={({ field: f }) => (
            <div className="flex items-center gap-2 py-2">
              <input
                id={id}
                type="checkbox"
                className="h-4 w-4"
                checked={f.value === true}
                onChange={(e) => f.onChange(e.target.checked)}
                onBlur={f.onBlur}
                {...aria}
              />
              <span className="text-sm text-slate-700">
                {f.value === true ? M.yes : f.value === false || field.obligatoire ? M.no : M.notSet}
              </span>
            </div>
          )}
        />
      );
      break;
    case 'LISTE':
      control = (
        <select id={id} className={inputClass(!!error)} {...aria} {...form.register(field.cle)}>
          <option value="">—</option>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = (
        <input
          id={id}
          maxLength={500}
          autoComplete="off"
          className={inputClass(!!error)}
          {...aria}
          {...form.register(field.cle)}
        />
      );
  }
  return (
    <FormField label={field.libelle} htmlFor={id} required={field.obligatoire} error={error}>
      {control}
    </FormField>
  );
}
