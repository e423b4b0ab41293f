import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  blue: 'bg-blue-50 text-blue-700',
  yellow: 'bg-yellow-50 text-yellow-700',
  green: 'bg-green-50 text-green-700',
  purple: 'bg-purple-50 text-purple-700',
  red: 'bg-red-50 text-red-700',
  orange: 'bg-orange-50 text-orange-700',
} as const;

/** A figure with its title; `aria-label` on the group lets tests and screen readers read "title: value". */
export function StatCard({
  title,
  value,
  icon: Icon,
  tone = 'blue',
  loading = false,
  footer,
}: {
  title: string;
  value: ReactNode;
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  loading?: boolean;
  footer?: ReactNode;
}) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-slate-600">{title}</h2>
          {loading ? (
            <div className="mt-2 h-8 w-20 animate-pulse rounded bg-slate-200" data-skeleton="true" />
          ) : (
            <p className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl" data-testid="stat-value">
              {value}
            </p>
          )}
        </div>
        <span className={`shrink-0 rounded-lg p-2 sm:p-2.5 ${TONES[tone]}`} aria-hidden="true">
          <Icon className="h-5 w-5 sm:h-6 sm:w-6" />
        </span>
      </div>
      {footer && <div className="mt-3 text-sm text-slate-600">{footer}</div>}
    </section>
  );
}
