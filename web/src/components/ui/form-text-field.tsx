import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from './form-field';

/** A labelled text input bound to a react-hook-form field, showing its zod message. */
export function FormTextField<T extends FieldValues, TOut>({
  form,
  name,
  label,
  idPrefix,
  required = false,
  type = 'text',
  className,
  autoComplete = 'off',
}: {
  form: UseFormReturn<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  idPrefix: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url';
  className?: string;
  autoComplete?: string;
}) {
  const id = `${idPrefix}-${name}`;
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <FormField label={label} htmlFor={id} required={required} error={error} className={className}>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        className={inputClass(!!error)}
        {...fieldAria(id, error)}
        {...form.register(name)}
      />
    </FormField>
  );
}
