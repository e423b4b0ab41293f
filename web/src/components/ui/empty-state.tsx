import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  title,
  description,
  action,
  icon,
  headingLevel = 3,
}: {
  title: ReactNode;
  /** 2 directly under a page's h1 (no skipped level), 3 (default) inside a section or a dialog. */
  headingLevel?: 2 | 3;
  description?: ReactNode;
  action?: ReactNode;
  /** Replaces the default inbox icon. */
  icon?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div
        className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500"
        aria-hidden="true"
      >
        {icon ?? <Inbox className="h-6 w-6" />}
      </div>
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {description && <p className="mt-1 max-w-md text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
