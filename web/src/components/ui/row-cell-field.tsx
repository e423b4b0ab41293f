import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldAria, inputClass } from './form-field';

/**
 * One cell of a repeated form row (a template's material lines, a part's suppliers): a small label whose screen-reader
 * text names the row, the registered input, its error under it.
 */
export function RowCellField({
  id,
  label,
  rowLabel,
  required,
  inputMode,
  error,
  registration,
}: {
  id: string;
  label: string;
  /** Read after the label by screen readers only, e.g. 'ligne 2'. */
  rowLabel: string;
  required?: boolean;
  inputMode?: 'decimal' | 'numeric';
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
        <span className="sr-only"> {rowLabel}</span>
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        id={id}
        className={inputClass(!!error)}
        autoComplete="off"
        inputMode={inputMode}
        {...fieldAria(id, error)}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
