import type { ReactNode } from 'react';

/** A titled block of label/value pairs inside a detail modal; empty values show '-'. */
export function DetailSection({
  title,
  items,
  children,
}: {
  title: string;
  items?: [label: string, value: ReactNode][];
  children?: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {items && (
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {items.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{value || value === 0 ? value : '-'}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </section>
  );
}
