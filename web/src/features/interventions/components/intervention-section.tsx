import type { ReactNode } from 'react';

/** A titled block of the intervention detail modal (a named region for screen readers and tests). */
export function InterventionSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children}
    </section>
  );
}
