import type { ReactNode } from 'react';

/** Consistent classes for text inputs, native selects and textareas. */
export function inputClass(hasError = false): string {
  const base =
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';
  return hasError
    ? `${base} border-red-500 focus:border-red-500 focus:ring-red-500/30`
    : `${base} border-slate-300 focus:border-blue-500 focus:ring-blue-500/30`;
}

/** Ids of the error and help texts rendered by FormField for a given control id. */
export const fieldErrorId = (htmlFor: string) => `${htmlFor}-error`;
export const fieldHelpId = (htmlFor: string) => `${htmlFor}-help`;

/** aria attributes to spread on the control wrapped by FormField, so it points at its error or help text. */
export function fieldAria(htmlFor: string, error?: ReactNode, help?: ReactNode) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? fieldErrorId(htmlFor) : help ? fieldHelpId(htmlFor) : undefined,
  } as const;
}

export function FormField({
  label,
  htmlFor,
  required = false,
  error,
  help,
  className = '',
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  required?: boolean;
  error?: ReactNode;
  help?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <>
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>{' '}
            <span className="sr-only">(obligatoire)</span>
          </>
        )}
      </label>
      {children}
      {error ? (
        <p id={fieldErrorId(htmlFor)} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : help ? (
        <p id={fieldHelpId(htmlFor)} className="mt-1 text-sm text-slate-500">
          {help}
        </p>
      ) : null}
    </div>
  );
}
