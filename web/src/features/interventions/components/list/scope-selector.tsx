import { LIFECYCLE_LABELS, SCOPE_LABELS, SCOPES, type Scope } from '@gmao/domain/interventions/lifecycle-schemas';

/** 'Actives' / 'Archivées' / 'Corbeille': which records the interventions list shows. */
export function ScopeSelector({ value, onChange }: { value: Scope; onChange: (scope: Scope) => void }) {
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5">
      <legend className="sr-only">{LIFECYCLE_LABELS.scope}</legend>
      {SCOPES.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={value === s}
          onClick={() => onChange(s)}
          className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
            value === s ? 'bg-blue-600 text-white' : 'text-slate-600 hover:bg-slate-100'
          }`}
        >
          {SCOPE_LABELS[s]}
        </button>
      ))}
    </fieldset>
  );
}
